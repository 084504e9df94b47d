import { eq } from "drizzle-orm";
import { sessions } from "#db/schema";
import { type Language } from "~/domain/enums";
import type { LanguageDecision } from "~/domain/language";
import { findSessionUser, type SessionUser } from "./accounts.server";
import { getDisplayPricing, type DisplayPricing } from "~/utils/currency.server";
import { getDb } from "~/utils/db.server";
import { detectLanguage } from "~/utils/i18n.server";
import { perRequest, type RequestContext } from "~/utils/request-memo.server";
import { keepSessionAlive, readSession } from "~/utils/session.server";
import { isOperator } from "~/models/access/operator-access";
import { requestBusinessSettings } from "~/models/catalogue/settings.server";

export interface Visitor {
  user: SessionUser | null;
  language: Language;
  languageDecision: LanguageDecision;
}

// Loaders of one request run in parallel and each needs the visitor: look it up once per request.
const visitorOf = perRequest<Visitor>();

async function lookUpVisitor(request: Request, context: RequestContext): Promise<Visitor> {
  const session = await readSession(request);
  const userId = session?.get("userId");
  const db = userId ? await getDb() : undefined;
  let user = userId && db ? await findSessionUser(db, userId) : null;
  // The account was suspended or deleted since it signed in: every one of its sessions ends now.
  if (userId && db && !user) await db.delete(sessions).where(eq(sessions.userId, userId));
  // An operator's session ends after the platform's idle time (decision 043): a counter's shared computer left
  // signed in overnight does not open the fleet and every customer's details in the morning.
  if (user && db && session && isOperator(user)) {
    const { staffIdleHours } = await requestBusinessSettings(context, db);
    if (!(await keepSessionAlive(session, staffIdleHours * 3_600_000))) user = null;
  }
  const languageDecision = await detectLanguage(request, user?.language, user !== null);
  return { user, language: languageDecision.language, languageDecision };
}

/** Who is asking (null for a suspended account: it is signed out), and in which language to answer. */
export function getVisitor(request: Request, context: RequestContext): Promise<Visitor> {
  return visitorOf(context, () => lookUpVisitor(request, context));
}

/** The visitor's display currency and its rate, looked up once per request. */
export async function getVisitorPricing(request: Request, context: RequestContext): Promise<DisplayPricing> {
  const { user } = await getVisitor(request, context);
  return getDisplayPricing(request, context, user?.currency);
}
