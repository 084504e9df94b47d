import { statusOf } from "../../tests/support/route-results";
import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { users } from "#db/schema";
import { formPost, routeArgs, useAppDatabase } from "../../tests/support/app-test";
import { validSignUp } from "../../tests/support/fixtures";
import { action } from "./sign-up";

await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("sign-up", { COOKIE_SECURE: "false" }),
);

type Reply = { status?: string; error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
type ActionResult = Response | { init: ResponseInit | null; data: Reply };
const replyOf = (result: ActionResult) => (result instanceof Response ? null : result.data);

const form = (overrides: Record<string, string> = {}): Record<string, string> => ({ ...validSignUp, ...overrides });
const signUp = (fields: Record<string, string>, clientIp = "192.0.2.50") =>
  action(routeArgs(formPost("http://localhost/sign-up", fields), clientIp)) as Promise<ActionResult>;

describe("sign-up answers every input with a page, never a crash", () => {
  const app = useAppDatabase();

  it("refuses a day that is not in the calendar with the translated message, keeping the input", async () => {
    const result = await signUp(form({ email: "feb30@example.com", birthDate: "2000-02-30" }), "192.0.2.51");
    expect(statusOf(result)).toBe(400);
    expect(replyOf(result)?.error?.birthDate).toEqual(["validation.invalidBirthDate"]);
    expect(replyOf(result)?.initialValue).toMatchObject({ email: "feb30@example.com", birthDate: "2000-02-30" });
  });

  it("writes the account and its validation token together: when the token cannot be saved, no account is left", async () => {
    await app.database.db.execute(
      sql.raw(
        "create function refuse_token() returns trigger language plpgsql as $$ begin raise exception 'tokens full'; end $$",
      ),
    );
    await app.database.db.execute(
      sql.raw("create trigger refuse_token before insert on tokens for each row execute function refuse_token()"),
    );
    try {
      const result = await signUp(form({ email: "half-made@example.com" }), "192.0.2.53");
      expect(statusOf(result)).toBe(500);
      expect(replyOf(result)?.error?.[""]).toEqual(["errors.signUpFailed"]);
      const left = await app.database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = 'half-made@example.com'`);
      expect(left).toEqual([]);
    } finally {
      await app.database.db.execute(sql.raw("drop trigger refuse_token on tokens"));
      await app.database.db.execute(sql.raw("drop function refuse_token()"));
    }
    // The same address signs up normally afterwards.
    expect(statusOf(await signUp(form({ email: "half-made@example.com" }), "192.0.2.54"))).toBe(302);
  });

  it("says 'An error occurred during sign up' when the account cannot be saved, keeping what was typed but not the password", async () => {
    await app.database.db.execute(
      sql.raw(
        "create function refuse_insert() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$",
      ),
    );
    await app.database.db.execute(
      sql.raw("create trigger refuse_insert before insert on users for each row execute function refuse_insert()"),
    );
    try {
      const result = await signUp(form({ email: "unlucky@example.com" }), "192.0.2.52");
      expect(statusOf(result)).toBe(500);
      expect(replyOf(result)?.error?.[""]).toEqual(["errors.signUpFailed"]);
      expect(replyOf(result)?.initialValue).toMatchObject({ fullName: "Alex Martin", email: "unlucky@example.com" });
      expect(replyOf(result)?.initialValue).not.toHaveProperty("password");
    } finally {
      await app.database.db.execute(sql.raw("drop trigger refuse_insert on users"));
      await app.database.db.execute(sql.raw("drop function refuse_insert()"));
    }
  });

  it("limits attempts on one address from many IPs", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 6; attempt++)
      statuses.push(statusOf(await signUp(form({ email: "target@example.com" }), `198.51.100.${attempt + 60}`)));
    // The first creates the account, the next four are told it is taken, the sixth is refused.
    expect(statuses).toEqual([302, 400, 400, 400, 400, 429]);
    expect(
      (
        await app.database.db
          .select()
          .from(users)
          .where(sql`email = 'target@example.com'`)
      ).length,
    ).toBe(1);
  });
});
