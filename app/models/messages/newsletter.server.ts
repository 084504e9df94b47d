/**
 * Newsletter subscriptions (spec §1, §8 'Subscription successful'). An address is stored once whatever its case,
 * and a repeated subscription answers exactly like a new one, so nobody can probe who is subscribed. The
 * unsubscribe link is signed: only the address's owner (who received it) can use it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscriptions } from "#db/schema";
import { type Language } from "~/domain/enums";
import { emailField } from "~/models/account/account-forms";
import type { Executor } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";

/** The subscription form (the footer's and the page's): the address, and the page to go back to. */
export const newsletterSchema = z.object({
  email: emailField("validation.invalidEmail"),
  // A page address too long to keep is dropped (the driver goes back home), never a reason to refuse the address.
  redirectTo: z.string().max(2000).optional().catch(undefined),
});

const signatureOf = (email: string) =>
  createHmac("sha256", getEnv().SESSION_SECRET).update(`newsletter:${email.toLowerCase()}`).digest("base64url");

export function unsubscribeUrl(origin: string, email: string): string {
  return `${origin}/newsletter?${new URLSearchParams({ unsubscribe: email.toLowerCase(), signature: signatureOf(email) })}`;
}

export function isValidUnsubscribe(email: string, signature: string): boolean {
  const expected = Buffer.from(signatureOf(email));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Stores the address once; a new subscriber gets a welcome mail with the unsubscribe link. */
export async function subscribe(db: Executor, email: string, language: Language, origin: string): Promise<void> {
  const inserted = await db
    .insert(newsletterSubscriptions)
    .values({ email, language })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  if (!inserted.length) return;
  const t = await getTranslator(language, "mail");
  await queueMail(
    db,
    composeMail({
      to: email,
      language,
      subject: t("newsletter.subject"),
      greeting: t("newsletter.greeting"),
      paragraphs: [t("newsletter.body")],
      action: { label: t("newsletter.unsubscribe"), url: unsubscribeUrl(origin, email) },
      signature: t("signature"),
    }),
  );
}

export async function unsubscribe(db: Executor, email: string): Promise<void> {
  await db.delete(newsletterSubscriptions).where(sql`lower(${newsletterSubscriptions.email}) = lower(${email})`);
}
