import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { updateUserCurrency } from "~/models/account/accounts.server";
import { currencyCookie, requireDisplayCurrency, UnsupportedCurrencyError } from "~/utils/currency.server";
import { getDb } from "~/utils/db.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { getVisitor } from "~/models/account/visitor.server";

/** The header's currency form: stores the choice in a cookie and on a signed-in user's record. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const back = safeRedirectPath(form.get("redirectTo"));
  try {
    const currency = requireDisplayCurrency(form.get("currency"));
    const { user } = await getVisitor(request, context);
    if (user) await updateUserCurrency(await getDb(), user.id, currency);
    return redirect(back, { headers: { "Set-Cookie": await currencyCookie.serialize(currency) } });
  } catch (error) {
    if (!(error instanceof UnsupportedCurrencyError)) throw error;
    return redirectWithToast(back, {
      type: "error",
      messageKey: "errors.currencyNotSupported",
      params: { currency: error.currency.slice(0, 12) },
    });
  }
}

export async function loader() {
  return redirect("/");
}
