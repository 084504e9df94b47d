import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { users } from "#db/schema";
import { formPost, routeArgs, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import { action } from "./language";

await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("language", { COOKIE_SECURE: "false" }),
);

const switchLanguage = async (fields: Record<string, string>, cookie?: string) => {
  const request = formPost("http://localhost/language", fields);
  if (cookie) request.headers.set("Cookie", cookie);
  return (await action(routeArgs(request))) as Response;
};
const setCookies = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!);

describe("the header's language switch", () => {
  const app = useAppDatabase();

  it("stores a signed-in user's choice on the account and in the cookie, and goes back without ?lng=", async () => {
    const [user] = await app.database.db
      .insert(users)
      .values({ email: "switch@example.com", fullName: "Switch", language: "en" })
      .returning();
    // The header's button for Spanish, as a browser posts it: its name says the language, its value is its label.
    const response = await switchLanguage(
      { "lng:es": "Español", redirectTo: "/search?pickup=tunis&lng=fr" },
      await sessionCookieFor(user!.id),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/search?pickup=tunis");
    expect(setCookies(response).some((cookie) => cookie.startsWith("lng="))).toBe(true);
    const [stored] = await app.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.id, user!.id));
    expect(stored!.language).toBe("es");
  });

  it("changes the page and says so when the account cannot be saved (spec §8 'An error occurred while changing language')", async () => {
    const [user] = await app.database.db
      .insert(users)
      .values({ email: "readonly@example.com", fullName: "Read Only", language: "en" })
      .returning();
    await app.database.db.execute(
      sql.raw(
        "create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'read-only'; end $$",
      ),
    );
    await app.database.db.execute(
      sql.raw("create trigger refuse_update before update on users for each row execute function refuse_update()"),
    );
    try {
      const response = await switchLanguage({ lng: "fr", redirectTo: "/settings" }, await sessionCookieFor(user!.id));
      expect(response.headers.get("Location")).toBe("/settings");
      const cookies = setCookies(response);
      expect(cookies.some((cookie) => cookie.startsWith("lng="))).toBe(true);
      expect(cookies.some((cookie) => cookie.startsWith("__toast="))).toBe(true);
    } finally {
      await app.database.db.execute(sql.raw("drop trigger refuse_update on users"));
      await app.database.db.execute(sql.raw("drop function refuse_update()"));
    }
  });

  it("ignores an unsupported language and a foreign return address", async () => {
    const response = await switchLanguage({ lng: "de", redirectTo: "//evil.example/" });
    expect(response.headers.get("Location")).toBe("/");
    expect(setCookies(response)).toEqual([]);
  });
});
