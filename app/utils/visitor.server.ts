import type { Language } from "#db/schema";
import type { LanguageDecision } from "~/models/language";
import { findSessionUser, updateUserLanguage, type SessionUser } from "~/models/accounts.server";
import { getDisplayPricing, type DisplayPricing } from "./currency.server";
import { getDb } from "./db.server";
import { detectLanguage, getTranslator } from "./i18n.server";
import { getSessionUserId } from "./session.server";

export interface Visitor {
  user: SessionUser | null;
  language: Language;
  languageDecision: LanguageDecision;
}

// Loaders of one request run in parallel and each needs the visitor: look it up once per request.
const visitors = new WeakMap<Request, Promise<Visitor>>();

async function lookUpVisitor(request: Request): Promise<Visitor> {
  const userId = await getSessionUserId(request);
  const db = userId ? await getDb() : undefined;
  const user = userId && db ? await findSessionUser(db, userId) : null;
  const languageDecision = await detectLanguage(request, user?.language, user !== null);
  if (languageDecision.updateUser && user && db) {
    await updateUserLanguage(db, user.id, languageDecision.language);
    user.language = languageDecision.language;
  }
  return { user, language: languageDecision.language, languageDecision };
}

/** Who is asking, and in which language to answer. */
export function getVisitor(request: Request): Promise<Visitor> {
  let visitor = visitors.get(request);
  if (!visitor) {
    visitor = lookUpVisitor(request);
    visitors.set(request, visitor);
  }
  return visitor;
}

/** A translator in the visitor's language. */
export async function getRequestTranslator(request: Request, namespace?: string) {
  const { language } = await getVisitor(request);
  return { t: await getTranslator(language, namespace), language };
}

/** The visitor's display currency and its rate, looked up once per request. */
export async function getVisitorPricing(request: Request): Promise<DisplayPricing> {
  const { user } = await getVisitor(request);
  return getDisplayPricing(request, user?.currency);
}
