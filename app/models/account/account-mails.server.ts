import { type Language, type TokenPurpose } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";
import { issueToken } from "./tokens.server";

type MailRecipient = { id: string; email: string; fullName: string; language: Language };

/**
 * Where each one-time link mail's link leads; what it says is `account.<purpose>.*` in the server-only 'mail'
 * namespace (never sent to a browser).
 */
const LINK_MAILS = {
  emailValidation: { route: "/activate" },
  activation: { route: "/activate" },
  passwordReset: { route: "/reset-password" },
} as const satisfies Partial<Record<TokenPurpose, { route: string }>>;

/** Issues a one-day token for `purpose` and mails its link, in the user's language. */
async function sendLinkEmail(
  db: Executor,
  purpose: keyof typeof LINK_MAILS,
  user: MailRecipient,
  origin: string,
): Promise<void> {
  await mailLink(db, purpose, user, await issueToken(db, user.id, purpose), origin);
}

/** Mails the link of an issued token, in the user's language. */
async function mailLink(
  db: Executor,
  purpose: keyof typeof LINK_MAILS,
  user: MailRecipient,
  token: string,
  origin: string,
): Promise<void> {
  const mail = LINK_MAILS[purpose];
  const t = await getTranslator(user.language, "mail");
  await queueMail(
    db,
    composeMail({
      to: user.email,
      language: user.language,
      subject: t(`account.${purpose}.subject`),
      greeting: t("greeting", { name: user.fullName }),
      paragraphs: [t(`account.${purpose}.body`)],
      action: {
        label: t(`account.${purpose}.action`),
        url: `${origin}${mail.route}?token=${encodeURIComponent(token)}`,
      },
      signature: t("signature"),
    }),
  );
}

/** The validation link of a token issued with the account (see createDriverAccount). */
export const mailValidationLink = (db: Executor, user: MailRecipient, token: string, origin: string) =>
  mailLink(db, "emailValidation", user, token, origin);

/** The e-mail validation link (valid one day). */
export const sendValidationEmail = (db: Executor, user: MailRecipient, origin: string) =>
  sendLinkEmail(db, "emailValidation", user, origin);

/** The password reset link (valid one day). */
export const sendPasswordResetEmail = (db: Executor, user: MailRecipient, origin: string) =>
  sendLinkEmail(db, "passwordReset", user, origin);

/** The activation link of an account created at checkout (valid one day): it sets the first password. */
export const sendActivationEmail = (db: Executor, user: MailRecipient, origin: string) =>
  sendLinkEmail(db, "activation", user, origin);
