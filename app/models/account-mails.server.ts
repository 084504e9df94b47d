import type { Language } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail, getMailer } from "~/utils/mail.server";
import { issueToken } from "./tokens.server";

/** Sends the e-mail validation link (valid one day), in the user's language. */
export async function sendValidationEmail(
  db: Executor,
  user: { id: string; email: string; fullName: string; language: Language },
  origin: string,
): Promise<void> {
  const token = await issueToken(db, user.id, "emailValidation");
  const t = await getTranslator(user.language, "account");
  await getMailer().send(
    composeMail({
      to: user.email,
      subject: t("mail.validationSubject"),
      greeting: t("mail.greeting", { name: user.fullName }),
      paragraphs: [t("mail.validationBody")],
      action: { label: t("mail.validationAction"), url: `${origin}/activate?token=${encodeURIComponent(token)}` },
      signature: t("mail.signature"),
    }),
  );
}

/** Sends a one-day password reset link, in the user's language. */
export async function sendPasswordResetEmail(
  db: Executor,
  user: { id: string; email: string; fullName: string; language: Language },
  origin: string,
): Promise<void> {
  const token = await issueToken(db, user.id, "passwordReset");
  const t = await getTranslator(user.language, "account");
  await getMailer().send(
    composeMail({
      to: user.email,
      subject: t("mailReset.subject"),
      greeting: t("mail.greeting", { name: user.fullName }),
      paragraphs: [t("mailReset.body")],
      action: { label: t("mailReset.action"), url: `${origin}/reset-password?token=${encodeURIComponent(token)}` },
      signature: t("mail.signature"),
    }),
  );
}
