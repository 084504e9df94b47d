import { type Language, type TokenPurpose } from "./enums";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail, getMailer } from "~/utils/mail.server";
import { issueToken } from "./tokens.server";

type MailRecipient = { id: string; email: string; fullName: string; language: Language };

/** What each one-time link mail says (keys in the 'account' namespace) and where its link leads. */
const LINK_MAILS = {
  emailValidation: { route: "/activate", subject: "mail.validationSubject", body: "mail.validationBody", action: "mail.validationAction" },
  activation: { route: "/activate", subject: "mailActivation.subject", body: "mailActivation.body", action: "mailActivation.action" },
  passwordReset: { route: "/reset-password", subject: "mailReset.subject", body: "mailReset.body", action: "mailReset.action" },
} as const satisfies Partial<Record<TokenPurpose, { route: string; subject: string; body: string; action: string }>>;

/** Issues a one-day token for `purpose` and mails its link, in the user's language. */
async function sendLinkEmail(db: Executor, purpose: keyof typeof LINK_MAILS, user: MailRecipient, origin: string): Promise<void> {
  await mailLink(purpose, user, await issueToken(db, user.id, purpose), origin);
}

/** Mails the link of an issued token, in the user's language. */
async function mailLink(purpose: keyof typeof LINK_MAILS, user: MailRecipient, token: string, origin: string): Promise<void> {
  const mail = LINK_MAILS[purpose];
  const t = await getTranslator(user.language, "account");
  await getMailer().send(
    composeMail({
      to: user.email,
      language: user.language,
      subject: t(mail.subject),
      greeting: t("mail.greeting", { name: user.fullName }),
      paragraphs: [t(mail.body)],
      action: { label: t(mail.action), url: `${origin}${mail.route}?token=${encodeURIComponent(token)}` },
      signature: t("mail.signature"),
    }),
  );
}

/** The validation link of a token issued with the account (see createDriverAccount). */
export const mailValidationLink = (user: MailRecipient, token: string, origin: string) => mailLink("emailValidation", user, token, origin);

/** The e-mail validation link (valid one day). */
export const sendValidationEmail = (db: Executor, user: MailRecipient, origin: string) => sendLinkEmail(db, "emailValidation", user, origin);

/** The password reset link (valid one day). */
export const sendPasswordResetEmail = (db: Executor, user: MailRecipient, origin: string) => sendLinkEmail(db, "passwordReset", user, origin);

/** The activation link of an account created at checkout (valid one day): it sets the first password. */
export const sendActivationEmail = (db: Executor, user: MailRecipient, origin: string) => sendLinkEmail(db, "activation", user, origin);
