import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { isSupportedLanguage } from "~/domain/language";
import { updateUserLanguage } from "~/models/account/accounts.server";
import { getDb } from "~/utils/db.server";
import { logError } from "~/utils/errors.server";
import { languageCookie } from "~/utils/i18n.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/models/account/visitor.server";

/** The page to go back to, without a `?lng=` that would override the choice just made. */
function backWithoutLanguage(target: FormDataEntryValue | null): string {
  const url = new URL(safeRedirectPath(target), "http://localhost");
  url.searchParams.delete("lng");
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The header's language switch for a signed-in user (spec §4): the explicit choice is stored in the cookie and on
 * the account, so mails follow it too. A plain `?lng=` link only changes the page (decision 013).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = backWithoutLanguage(form.get("redirectTo"));
  // The switch's buttons are named `lng:<language>` (their values are their labels, what a text browser shows).
  const chosen = [...form.keys()].find((key) => key.startsWith("lng:"));
  const language = chosen ? chosen.slice("lng:".length) : form.get("lng");
  if (typeof language !== "string" || !isSupportedLanguage(language)) return redirect(back);
  const languageChosen = await languageCookie.serialize(language);
  const { user } = await getVisitor(request, context);
  if (user && user.language !== language) {
    try {
      await updateUserLanguage(await getDb(), user.id, language);
    } catch (error) {
      // Spec §8: the page still changes language; the account keeps its old one, and the user is told.
      logError("language", error, "saving the account's language");
      return redirectWithToast(back, { type: "error", messageKey: "errors.changeLanguage" }, [languageChosen]);
    }
  }
  return redirect(back, { headers: { "Set-Cookie": languageChosen } });
}

export async function loader() {
  return redirect("/");
}
