import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { sendValidationEmail } from "~/models/account-mails.server";
import { findUserContact } from "~/models/accounts.server";
import { requireUserId } from "~/models/auth.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/origin.server";
import { hitRateLimits, tooManyAttemptsRedirect } from "~/utils/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { createToastHeaders } from "~/utils/toast.server";
import { logError } from "~/utils/errors.server";

const RESENDS_PER_IP = { name: "resend-validation:ip", limit: 20, windowSeconds: 3600 };
const RESENDS_PER_ACCOUNT = { name: "resend-validation:account", limit: 5, windowSeconds: 3600 };

/** Sends the signed-in user a new validation link ('Validation e-mail sent' or the sending error). */
export async function action({ request, context }: ActionFunctionArgs) {
  const userId = await requireUserId(request, context);
  const back = safeRedirectPath((await request.formData()).get("redirectTo"));
  const db = await getDb();
  const user = await findUserContact(db, userId);
  if (!user || user.verified) return redirect(back);
  const refused = await hitRateLimits([
    [RESENDS_PER_IP, context.clientIp],
    [RESENDS_PER_ACCOUNT, user.id],
  ]);
  if (refused) return tooManyAttemptsRedirect(back, refused);
  try {
    await sendValidationEmail(db, user, publicOrigin(request));
    return redirect(back, { headers: await createToastHeaders({ type: "success", messageKey: "success.validationEmailSent" }) });
  } catch (error) {
    logError("resend-validation", error);
    return redirect(back, { headers: await createToastHeaders({ type: "error", messageKey: "errors.validationEmailFailed" }) });
  }
}

export async function loader() {
  return redirect("/");
}
