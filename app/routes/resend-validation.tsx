import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { sendValidationEmail } from "~/models/account/account-mails.server";
import { findUserContact } from "~/models/account/accounts.server";
import { requireUserId } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, redirectRateLimited } from "~/utils/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { redirectWithToast } from "~/utils/toast.server";
import { logError } from "~/utils/errors.server";
import { RATE_LIMITS } from "~/utils/rate-limit-rules.server";

/** Sends the signed-in user a new validation link ('Validation e-mail sent' or the sending error). */
export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context);
  const back = safeRedirectPath((await request.formData()).get("redirectTo"));
  const db = await getDb();
  const user = await findUserContact(db, userId);
  if (!user || user.verified) return redirect(back);
  const refused = await hitRateLimits([
    [RATE_LIMITS.resendValidationPerIp, context.clientIp],
    [RATE_LIMITS.resendValidationPerAccount, user.id],
  ]);
  if (refused) return redirectRateLimited(back, refused);
  try {
    await sendValidationEmail(db, user, publicOrigin(request));
    return await redirectWithToast(back, { type: "success", messageKey: "success.validationEmailSent" });
  } catch (error) {
    logError("resend-validation", error);
    return redirectWithToast(back, { type: "error", messageKey: "errors.validationEmailFailed" });
  }
}

export async function loader() {
  return redirect("/");
}
