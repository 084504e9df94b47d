import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { composeMail, outboxMailer, smtpMailer } from "./mail.server";

const message = composeMail({
  to: "driver@example.com",
  language: "fr",
  subject: "Validez votre adresse",
  greeting: "Bonjour Alex,",
  paragraphs: ["Merci <de> votre inscription."],
  action: { label: "Valider", url: "http://127.0.0.1:3000/activate?token=abc" },
  signature: "L'équipe Rentacar",
});

describe("composeMail", () => {
  it("writes the same content as text and escaped HTML", () => {
    expect(message.text).toContain("Valider: http://127.0.0.1:3000/activate?token=abc");
    expect(message.html).toContain("Merci &#60;de&#62; votre inscription.");
    expect(message.html).toContain('href="http://127.0.0.1:3000/activate?token=abc"');
    expect(message.html).toContain('<html lang="fr">');
  });
});

describe("outbox mailer", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("writes an .eml file and, in development, logs the links", async () => {
    const lines: string[] = [];
    await outboxMailer(dir, "Rentacar <no-reply@example.com>", {
      showLinks: true,
      log: (line) => lines.push(line),
    }).send({ ...message, messageId: "<fixed-1@example.com>" });
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const eml = await readFile(path.join(dir, files[0]!), "utf8");
    expect(eml).toMatch(/^To: driver@example.com$/m);
    expect(eml).toMatch(/^Subject: /m);
    expect(lines[0]).toContain("links: http://127.0.0.1:3000/activate?token=abc");
  });

  it("logs neither the recipient nor the links outside development: they are personal data and live tokens", async () => {
    const lines: string[] = [];
    await outboxMailer(dir, "Rentacar <no-reply@example.com>", { log: (line) => lines.push(line) }).send({
      ...message,
      messageId: "<fixed-1@example.com>",
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[mail\] ".+" → .+\.eml$/);
    expect(lines[0]).not.toContain("token=");
    expect(lines[0]).not.toContain("driver@example.com");
  });
});

describe("SMTP mailer", () => {
  const received: Array<{ from: string; to: string[]; body: string }> = [];
  let server: SMTPServer;
  let port: number;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let body = "";
        stream.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            body,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("delivers over SMTP to a real server", async () => {
    await smtpMailer(`smtp://127.0.0.1:${port}`, "Rentacar <no-reply@example.com>").send({
      ...message,
      messageId: "<fixed-1@example.com>",
    });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: "no-reply@example.com", to: ["driver@example.com"] });
    const decoded = received[0]!.body.replace(/=\r?\n/g, "").replace(/=3D/g, "="); // quoted-printable
    expect(decoded).toContain("http://127.0.0.1:3000/activate?token=abc");
    // The outbox fixes the Message-ID when it queues a mail: every delivery attempt carries it.
    expect(received[0]!.body).toMatch(/^Message-ID: <fixed-1@example\.com>$/im);
  });
});
