import { type Language, type TokenPurpose } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";
import { INVITATION_LIFETIME_MS, issueToken } from "./tokens.server";

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

/**
 * Mails the link of an issued token, in the user's language; its words are `account.<purpose>.*`, or `wording`'s
 * (an invitation to a team is an activation link that says what it is).
 */
async function mailLink(
  db: Executor,
  purpose: keyof typeof LINK_MAILS,
  user: MailRecipient,
  token: string,
  origin: string,
  wording: {
    texts: "account.teamInvitation" | "account.supplierInvitation";
    params: Record<string, string>;
  } | null = null,
): Promise<void> {
  const mail = LINK_MAILS[purpose];
  const t = await getTranslator(user.language, "mail");
  const texts = wording?.texts ?? (`account.${purpose}` as const);
  const params = wording?.params ?? {};
  await queueMail(
    db,
    composeMail({
      to: user.email,
      language: user.language,
      subject: t(`${texts}.subject`, params),
      greeting: t("greeting", { name: user.fullName }),
      paragraphs: [t(`${texts}.body`, params)],
      action: {
        label: t(`${texts}.action`),
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

/**
 * The invitation to a supplier's team (decision 044): an activation link (a week) that says who invites, to which
 * supplier, in which role; sent again with a new link on request.
 */
export async function sendTeamInvitation(
  db: Executor,
  user: MailRecipient,
  origin: string,
  params: { supplier: string; inviter: string; role: string },
): Promise<void> {
  const token = await issueToken(db, user.id, "activation", new Date(), INVITATION_LIFETIME_MS);
  await mailLink(db, "activation", user, token, origin, { texts: "account.teamInvitation", params });
}

/**
 * The invitation of a supplier's own account (issue 50, point 6): an activation link (a week) saying who invites it
 * to run which supplier's rentals; not a driver's "account created with your booking".
 */
export async function sendSupplierInvitation(
  db: Executor,
  user: MailRecipient,
  origin: string,
  params: { supplier: string; inviter: string },
): Promise<void> {
  const token = await issueToken(db, user.id, "activation", new Date(), INVITATION_LIFETIME_MS);
  await mailLink(db, "activation", user, token, origin, { texts: "account.supplierInvitation", params });
}
