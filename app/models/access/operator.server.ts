/**
 * The operator behind a request (decision 027): a signed-in supplier or admin. A visitor is sent to sign in and back;
 * a driver is refused (403). Every operator loader and action starts with `requireOperatorFor`, naming what it does;
 * a page about one record then asks `assertMay` once it knows whose record it is.
 */
import { redirect } from "@remix-run/node";
import { signInHref } from "~/models/navigation/links";
import { getVisitor } from "~/models/account/visitor.server";
import type { Language } from "~/domain/enums";
import { forbidden, notFound } from "~/utils/responses.server";
import type { RequestContext } from "~/utils/request-memo.server";
import type { Actor } from "~/models/audit/audit.server";
import { hasTwoFactor } from "~/models/account/two-factor.server";
import { requestBusinessSettings } from "~/models/catalogue/settings.server";
import { getDb } from "~/utils/db.server";
import { redirectWithToast } from "~/utils/toast.server";
import { canOperate, isOperator, mayTake, type OperatorAction } from "./operator-access";

/**
 * The gate of every operator loader and action: the operator behind the request, refused (403) unless their role may
 * take `action` at all; with `ownerId`, also on that supplier's records (`assertMay`). Another supplier's record is
 * answered as a missing one.
 */
export async function requireOperatorFor(
  request: Request,
  context: RequestContext,
  action: OperatorAction,
  ownerId?: string,
): Promise<{ actor: Actor; language: Language }> {
  const operator = await requireOperator(request, context);
  if (!mayTake(operator.actor, action)) throw forbidden();
  if (ownerId !== undefined) assertMay(operator.actor, action, ownerId);
  return operator;
}

async function requireOperator(
  request: Request,
  context: RequestContext,
): Promise<{ actor: Actor; language: Language }> {
  const { user, language } = await getVisitor(request, context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(signInHref(`${url.pathname}${url.search}`));
  }
  if (!isOperator(user)) throw forbidden();
  await requireSecondFactorIfAsked(user.id, context);
  return {
    actor: {
      id: user.id,
      role: user.role,
      fullName: user.fullName || user.email,
      supplierId: user.supplierId,
      staffRole: user.staffRole,
    },
    language,
  };
}

/**
 * Where the platform asks operators for two-factor sign-in (decision 043), an operator without an app is sent to add
 * one before any operator page opens.
 */
async function requireSecondFactorIfAsked(userId: string, context: RequestContext): Promise<void> {
  const db = await getDb();
  if (!(await requestBusinessSettings(context, db)).operatorsNeedTwoFactor || (await hasTwoFactor(db, userId))) return;
  throw await redirectWithToast("/settings/two-factor", { type: "error", messageKey: "errors.twoFactorRequired" });
}

/**
 * Refuses `action` on supplier `ownerId`'s record unless the operator may take it: a record of another supplier is
 * answered as one that does not exist (404), so ids cannot be probed; a platform action a supplier may not take is 403.
 */
export function assertMay(actor: Actor, action: OperatorAction, ownerId: string | null): void {
  if (canOperate(actor, action, ownerId)) return;
  // An action the role never takes (a desk agent saving a car) is refused as such; a record of another supplier is
  // answered as missing.
  throw ownerId === null || !mayTake(actor, action) ? forbidden() : notFound();
}
