import { describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { users } from "#db/schema";
import { useAppDatabase } from "../../tests/support/app-test";
import { startUserSession } from "./auth.server";
import { currencyCookie } from "./currency.server";
import * as rates from "./rates.server";
import { getVisitor, getVisitorPricing } from "./visitor.server";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("visitor", { COOKIE_SECURE: "false" }));

describe("what the loaders of one request share", () => {
  const app = useAppDatabase();

  // Remix hands each loader its own copy of the request: only the load context's scope is common to them.
  const copies = (url: string, headers: Record<string, string> = {}) => [new Request(url, { headers }), new Request(url, { headers })] as const;

  it("looks the visitor up once per request, not once per loader", async () => {
    const requestScope = {};
    const [root, route] = copies("http://localhost/search?lng=fr");
    const first = getVisitor(root, { requestScope });
    expect(getVisitor(route, { requestScope })).toBe(first);
    expect((await first).language).toBe("fr");
    // Another request looks up afresh.
    expect(getVisitor(route, { requestScope: {} })).not.toBe(first);
  });

  it("looks the display currency's rate up once per request, whatever the cache setting", async () => {
    const service = await rates.getRateService();
    const lookups = vi.spyOn(service, "getRates");
    const requestScope = {};
    const cookie = (await currencyCookie.serialize("EUR")).split(";")[0]!;
    const [root, route] = copies("http://localhost/search", { Cookie: cookie });
    const [a, b] = await Promise.all([getVisitorPricing(root, { requestScope }), getVisitorPricing(route, { requestScope })]);
    expect(a).toBe(b);
    expect(a.currency).toBe("EUR");
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
  });

  it("uses the language asked for and says so when it cannot be saved on the account (spec §8)", async () => {
    const [user] = await app.database.db.insert(users).values({ email: "lang@example.com", fullName: "Lang", language: "en" }).returning();
    const [cookie] = await startUserSession(new Request("http://localhost/"), user!.id, false);
    const asking = (url: string) => new Request(url, { headers: { Cookie: cookie!.split(";")[0]! } });
    await app.database.db.execute(sql.raw("create function refuse_update() returns trigger language plpgsql as $$ begin raise exception 'read-only'; end $$"));
    await app.database.db.execute(sql.raw("create trigger refuse_update before update on users for each row execute function refuse_update()"));
    try {
      const visitor = await getVisitor(asking("http://localhost/?lng=fr"), { requestScope: {} });
      expect(visitor).toMatchObject({ language: "fr", languageChangeFailed: true });
    } finally {
      await app.database.db.execute(sql.raw("drop trigger refuse_update on users"));
      await app.database.db.execute(sql.raw("drop function refuse_update()"));
    }
    const saved = await getVisitor(asking("http://localhost/?lng=es"), { requestScope: {} });
    expect(saved).toMatchObject({ language: "es", languageChangeFailed: false });
    expect(saved.user?.language).toBe("es");
  });
});
