import { contactMessages } from "#db/schema";
import { type Language } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";

export interface ContactMessage {
  email: string;
  subject: string;
  message: string;
  /** The signed-in sender; a visitor has none. */
  account: { id: string; email: string; fullName: string; language: Language; verified: boolean } | null;
}

/** Customer care reads its mail in English. */
const CARE_LANGUAGE = "en";

/**
 * Keeps the message, then mails it to customer care (CONTACT_EMAIL) with Reply-To set to the sender. A signed-in
 * sender with a validated address also gets an acknowledgement in their language. Nothing is ever mailed to an
 * address a visitor typed: the form cannot be used to send mail to strangers.
 */
export async function submitContactMessage(db: Executor, contact: ContactMessage): Promise<void> {
  const { account } = contact;
  await db
    .insert(contactMessages)
    .values({ userId: account?.id ?? null, email: contact.email, subject: contact.subject, message: contact.message });
  const [t, signature] = await Promise.all([
    getTranslator(CARE_LANGUAGE, "contact"),
    getTranslator(CARE_LANGUAGE, "mail"),
  ]);
  const mail = composeMail({
    to: getEnv().CONTACT_EMAIL,
    language: CARE_LANGUAGE,
    subject: t("mail.subject", { subject: contact.subject }),
    greeting: t("mail.intro", { name: account?.fullName ?? t("mail.visitor"), email: contact.email }),
    paragraphs: [contact.message, ...(account ? [t("mail.account", { id: account.id })] : []), t("mail.reply")],
    signature: signature("signature"),
  });
  await queueMail(db, { ...mail, replyTo: contact.email });
  if (!account?.verified) return;
  await acknowledge(db, contact, account);
}

async function acknowledge(
  db: Executor,
  contact: ContactMessage,
  account: NonNullable<ContactMessage["account"]>,
): Promise<void> {
  const [t, mailText] = await Promise.all([
    getTranslator(account.language, "contact"),
    getTranslator(account.language, "mail"),
  ]);
  await queueMail(
    db,
    composeMail({
      // The account's own, validated address: never one typed into the form.
      to: account.email,
      language: account.language,
      subject: t("mail.acknowledgement.subject", { subject: contact.subject }),
      greeting: mailText("greeting", { name: account.fullName }),
      paragraphs: [t("mail.acknowledgement.intro"), t("mail.acknowledgement.copy"), contact.message],
      signature: mailText("signature"),
    }),
  );
}
