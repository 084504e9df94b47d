/**
 * The account buttons an admin presses on the people's list and on a person's page (issue 51): suspend (asked
 * first), reinstate, send a driver's link again. Both pages answer a press the same way, back to where it was made.
 */
import type { Actor } from "~/models/audit/audit.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/origin.server";
import { notFound } from "~/utils/responses.server";
import { readRowAction } from "~/utils/row-actions";
import { redirectWithToast } from "~/utils/toast.server";
import { resendLink, setSuspended, suspensionPreview } from "./drivers.server";

const ACCOUNT_ACTIONS = ["suspend", "reinstate", "resend"] as const;

/**
 * Answers a pressed account button: a redirect with its outcome, or the confirmation a suspension asks first (its own
 * form posts the same button again with `confirmed`). An admin never suspends their own account (another admin
 * does); a supplier's own account is suspended from its supplier page.
 */
export async function answerAccountButton(request: Request, actor: Actor, formData: FormData, back: string) {
  const { action, ids } = readRowAction(formData, ACCOUNT_ACTIONS);
  const db = await getDb();
  const accountId = ids[0] ?? "";
  if (action === "suspend" && accountId === actor.id)
    return redirectWithToast(back, { type: "error", messageKey: "errors.notYourOwnAccount" });
  if (action === "suspend" && !formData.has("confirmed")) {
    const preview = await suspensionPreview(db, accountId);
    if (!preview) throw notFound();
    if (!preview.suspended) return { confirm: { ...preview, back } };
  }
  if (action === "suspend" || action === "reinstate") {
    if (!(await setSuspended(db, actor, accountId, action === "suspend"))) throw notFound();
    return redirectWithToast(back, {
      type: "success",
      messageKey: action === "suspend" ? "success.driverSuspended" : "success.driverReinstated",
    });
  }
  if (action === "resend") {
    const sent = await resendLink(db, actor, accountId, publicOrigin(request));
    if (sent === null) throw notFound();
    return redirectWithToast(back, {
      type: sent === "none" ? "info" : "success",
      messageKey: sent === "none" ? "success.driverNeedsNoLink" : "success.driverLinkSent",
    });
  }
  return redirectWithToast(back, { type: "error", messageKey: "notifications.noneSelected" });
}
