import { contactMessages } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail, getMailer } from "~/utils/mail.server";

export interface ContactMessage {
  userId: string | null;
  name: string | null;
  email: string;
  subject: string;
  message: string;
}

/**
 * Keeps the message, then mails it to customer care (CONTACT_EMAIL, in English) with Reply-To set to the sender.
 * Nothing is ever mailed to the address a visitor typed: the form cannot be used to send mail to strangers.
 */
export async function submitContactMessage(db: Executor, contact: ContactMessage): Promise<void> {
  await db.insert(contactMessages).values({ userId: contact.userId, email: contact.email, subject: contact.subject, message: contact.message });
  const t = await getTranslator("en", "contact");
  const mail = composeMail({
    to: getEnv().CONTACT_EMAIL,
    subject: t("mail.subject", { subject: contact.subject }),
    greeting: t("mail.intro", { name: contact.name ?? t("mail.visitor"), email: contact.email }),
    paragraphs: [contact.message, ...(contact.userId ? [t("mail.account", { id: contact.userId })] : []), t("mail.reply")],
    signature: "Rentacar",
  });
  await getMailer().send({ ...mail, replyTo: contact.email });
}
