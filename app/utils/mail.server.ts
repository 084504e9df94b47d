/**
 * Outgoing mail: nodemailer over SMTP when SMTP_URL is set; otherwise each message is written as an .eml file
 * into OUTBOX_DIR. In development the log line also gives the recipient and the message's links, so a local user
 * can follow an activation link without opening the file; anywhere else the log names the file only, since those
 * links are live tokens and the address is personal data (decision 013).
 */
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "./env.server";
import { escapeHtml } from "./html";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go (the contact form sets the sender's address). */
  replyTo?: string;
  /** Files sent along (a booking's calendar file). */
  attachments?: Array<{
    filename: string;
    content: string;
    contentType: string;
    contentTransferEncoding?: "quoted-printable" | "base64";
  }>;
}

/** A message as delivered: its Message-ID is fixed when it is queued, so every delivery attempt carries the same. */
export type OutgoingMail = MailMessage & { messageId: string };

export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
}

/**
 * Short SMTP time-outs: delivery runs in the mail worker (never in a request), and a server that accepts and never
 * answers must not keep a message claimed for nodemailer's default minutes; the worker retries it later.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url, SMTP_TIMEOUTS);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

export interface OutboxOptions {
  /** Log the recipient and the links (development only). */
  showLinks?: boolean;
  log?: (line: string) => void;
}

export function outboxMailer(
  dir: string,
  from: string,
  { showLinks = false, log = console.log }: OutboxOptions = {},
): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(
        dir,
        `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(4).toString("hex")}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      if (!showLinks) return log(`[mail] "${message.subject}" → ${file}`);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log(`[mail] to ${message.to}: "${message.subject}" → ${file}${links.length ? ` links: ${links.join(" ")}` : ""}`);
    },
  };
}

let mailer: Mailer | undefined;

/**
 * The configured transport of this process. Only the mail worker (mail-outbox.server.ts) sends with it: everything
 * else queues its mail with `queueMail`, in the transaction of the change it announces.
 */
export function getMailer(): Mailer {
  if (!mailer) {
    const env = getEnv();
    mailer = env.SMTP_URL
      ? smtpMailer(env.SMTP_URL, env.MAIL_FROM)
      : outboxMailer(env.OUTBOX_DIR, env.MAIL_FROM, { showLinks: env.NODE_ENV === "development" });
  }
  return mailer;
}

/** A plain, accessible message with one call to action, as text and HTML (its language declared for screen readers). */
export function composeMail(parts: {
  to: string;
  language: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  signature: string;
}): MailMessage {
  const text = [
    parts.greeting,
    "",
    ...parts.paragraphs.flatMap((paragraph) => [paragraph, ""]),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ""] : []),
    parts.signature,
  ].join("\n");
  const html = `<!doctype html><html lang="${escapeHtml(parts.language)}"><body style="font-family:system-ui,sans-serif;color:#1d1f22;line-height:1.5">
<p>${escapeHtml(parts.greeting)}</p>
${parts.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join("\n")}
${parts.action ? `<p><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;padding:10px 16px;background:#2b2e33;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(parts.action.label)}</a></p><p style="font-size:13px;color:#555">${escapeHtml(parts.action.url)}</p>` : ""}
<p>${escapeHtml(parts.signature)}</p></body></html>`;
  return { to: parts.to, subject: parts.subject, text, html };
}
