import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { newsletterSubscriptions } from "#db/schema";
import { formPost, readOutbox, routeArgs, useAppDatabase } from "../../tests/support/app-test";
import { action, loader } from "./newsletter";

const outbox = await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("newsletter"),
);

const subscribe = (email: string, clientIp = "192.0.2.50") =>
  action(
    routeArgs(formPost("http://localhost/newsletter", { email, redirectTo: "/about" }), clientIp),
  ) as Promise<Response>;
const toastOf = (response: Response) => response.headers.get("Set-Cookie") ?? "";

describe("the newsletter", () => {
  const app = useAppDatabase();

  it("stores an address once whatever its case, answering a repeat exactly like a new one", async () => {
    const first = await subscribe("Reader@Example.com");
    const again = await subscribe("reader@example.com");
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/about");
    expect(again.status).toBe(first.status);
    // Both answers flash the same message (the cookie differs only by its signature over the same content).
    expect(toastOf(again).split("=")[0]).toBe(toastOf(first).split("=")[0]);
    const rows = await app.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = 'reader@example.com'`);
    expect(rows).toHaveLength(1);
    // One welcome mail, with a signed unsubscribe link.
    const mails = (await readOutbox(outbox)).filter((mail) => /^To: Reader@Example\.com$/im.test(mail));
    expect(mails).toHaveLength(1);
    const link = /https?:\/\/[^\s"]+\/newsletter\?unsubscribe=[^\s"]+/.exec(mails[0]!)?.[0];
    expect(link).toBeDefined();

    const page = (await loader(routeArgs(new Request(link!.replace(/&amp;/g, "&"))))) as {
      data: { valid: boolean };
      init: ResponseInit | null;
    };
    expect(page.data.valid).toBe(true);
    const forged = (await loader(
      routeArgs(new Request("http://localhost/newsletter?unsubscribe=reader%40example.com&signature=forged")),
    )) as { data: { valid: boolean } };
    expect(forged.data.valid).toBe(false);
    const url = new URL(link!.replace(/&amp;/g, "&"));
    const done = (await action(
      routeArgs(
        formPost("http://localhost/newsletter", {
          intent: "unsubscribe",
          email: url.searchParams.get("unsubscribe")!,
          signature: url.searchParams.get("signature")!,
        }),
      ),
    )) as Response;
    expect(done.status).toBe(302);
    expect(
      await app.database.db
        .select()
        .from(newsletterSubscriptions)
        .where(sql`lower(${newsletterSubscriptions.email}) = 'reader@example.com'`),
    ).toHaveLength(0);
  });

  it("refuses an invalid address with the spec's message, and limits subscriptions per address", async () => {
    const bad = (await subscribe("not-an-address")) as unknown as {
      init: { status: number };
      data: { status: string; error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(bad.init.status).toBe(400);
    // Conform's reply: the field's translated message, and what was typed, kept for the form.
    expect(bad.data.error).toEqual({ email: ["validation.invalidEmail"] });
    expect(bad.data.initialValue.email).toBe("not-an-address");
    expect(
      await app.database.db
        .select()
        .from(newsletterSubscriptions)
        .where(sql`${newsletterSubscriptions.email} = 'not-an-address'`),
    ).toHaveLength(0);
    const statuses = [];
    for (let index = 0; index < 6; index++) {
      const response = await subscribe(`flood-${index}@example.com`, "198.51.100.77");
      statuses.push(response.status);
    }
    const stored = await app.database.db
      .select()
      .from(newsletterSubscriptions)
      .where(sql`${newsletterSubscriptions.email} like 'flood-%'`);
    expect(stored).toHaveLength(5);
  });
});
