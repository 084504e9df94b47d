import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { tokens, users } from "#db/schema";
import { formPost, readOutbox, routeArgs, useAppDatabase } from "../../tests/support/app-test";
import type { TestDatabase } from "../../tests/support/test-database";
import { issueToken, TOKEN_LIFETIME_MS } from "~/models/account/tokens.server";
import { verifyPassword } from "~/utils/password.server";
import { action, loader } from "./activate";

const outbox = await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("activate", { COOKIE_SECURE: "false" }),
);

/** An account as checkout creates it: no password, address not yet validated. */
async function checkoutAccount(db: TestDatabase["db"], email: string) {
  const [user] = await db
    .insert(users)
    .values({ email, fullName: "Casey Checkout", language: "fr" })
    .returning({ id: users.id });
  return user!.id;
}

const post = (fields: Record<string, string>) => formPost("http://localhost/activate", fields);

describe("/activate for accounts created at checkout", () => {
  const app = useAppDatabase();

  it("shows the set-password form for a valid link, then sets the password, validates the address and signs in", async () => {
    const userId = await checkoutAccount(app.database.db, "casey@example.com");
    const token = await issueToken(app.database.db, userId, "activation");
    const page = await loader(routeArgs(new Request(`http://localhost/activate?token=${token}&lng=fr`)));
    expect(page).toMatchObject({ mode: "activate", token, title: "Activez votre compte" });

    const mismatch = (await action(
      routeArgs(post({ token, password: "first-pass", confirmPassword: "other" })),
    )) as unknown as { init: ResponseInit; data: unknown };
    expect(mismatch.init.status).toBe(400);

    const response = (await action(
      routeArgs(post({ token, password: "first-pass", confirmPassword: "first-pass" })),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("__session="))).toBe(true);
    const [user] = await app.database.db.select().from(users).where(eq(users.id, userId));
    expect(user!.verified).toBe(true);
    expect(await verifyPassword("first-pass", user!.passwordHash!)).toBe(true);

    // The link works once.
    const again = (await action(
      routeArgs(post({ token, password: "second-pass", confirmPassword: "second-pass" })),
    )) as Response;
    expect(again.headers.get("Location")).toBe(`/activate?token=${token}`);
  });

  it("offers a new link for an expired one and mails it in the account's language", async () => {
    const userId = await checkoutAccount(app.database.db, "late@example.com");
    const token = await issueToken(
      app.database.db,
      userId,
      "activation",
      new Date(Date.now() - TOKEN_LIFETIME_MS - 1000),
    );
    const page = await loader(routeArgs(new Request(`http://localhost/activate?token=${token}`)));
    expect(page).toMatchObject({ mode: "activationExpired" });

    const response = (await action(routeArgs(post({ intent: "resend", token })))) as Response;
    expect(response.headers.get("Location")).toBe("/");
    const mails = await readOutbox(outbox);
    const mail = mails.find((text) => text.includes("late@example.com"));
    expect(mail).toContain("Activez votre compte Rentacar");
    const link = mail!.match(/https?:\/\/\S+\/activate\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    // The new link replaced the expired one.
    expect(await app.database.db.select().from(tokens).where(eq(tokens.userId, userId))).toHaveLength(1);
    expect((await loader(routeArgs(new Request(link!)))).mode).toBe("activate");
  });

  it("never sends a link for a valid, unknown or tampered token", async () => {
    const userId = await checkoutAccount(app.database.db, "quiet@example.com");
    const token = await issueToken(app.database.db, userId, "activation");
    const before = (await readOutbox(outbox)).length;
    for (const candidate of [token, "x".repeat(43), "../../etc"]) {
      const response = (await action(routeArgs(post({ intent: "resend", token: candidate })))) as Response;
      expect(response.headers.get("Location")).toMatch(/^\/activate\?token=/);
    }
    expect((await readOutbox(outbox)).length).toBe(before);
  });

  it("validates an address from its link: a redirect home with the 'validated' message", async () => {
    const [user] = await app.database.db
      .insert(users)
      .values({ email: "valid@example.com", fullName: "Val Idate", passwordHash: "x" })
      .returning({ id: users.id });
    const token = await issueToken(app.database.db, user!.id, "emailValidation");
    let thrown: unknown = null;
    try {
      await loader(routeArgs(new Request(`http://localhost/activate?token=${token}`)));
    } catch (answer) {
      // Remix needs the Response itself thrown (a thrown promise of one is an error page).
      thrown = answer;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/");
    expect((thrown as Response).headers.getSetCookie().some((cookie) => cookie.startsWith("__toast="))).toBe(true);
    const [saved] = await app.database.db.select().from(users).where(eq(users.id, user!.id));
    expect(saved!.verified).toBe(true);
  });
});
