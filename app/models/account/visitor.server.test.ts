import { describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { users } from "#db/schema";
import { useAppDatabase } from "../../../tests/support/app-test";
import { startUserSession } from "./auth.server";
import { currencyCookie } from "~/utils/currency.server";
import * as rates from "~/utils/rates.server";
import { getVisitor, getVisitorPricing } from "./visitor.server";

await vi.hoisted(async () =>
  (await import("../../../tests/support/app-test")).configureOutbox("visitor", { COOKIE_SECURE: "false" }),
);

describe("what the loaders of one request share", () => {
  const app = useAppDatabase();

  // Remix hands each loader its own copy of the request: only the load context's scope is common to them.
  const copies = (url: string, headers: Record<string, string> = {}) =>
    [new Request(url, { headers }), new Request(url, { headers })] as const;

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
    const [a, b] = await Promise.all([
      getVisitorPricing(root, { requestScope }),
      getVisitorPricing(route, { requestScope }),
    ]);
    expect(a).toBe(b);
    expect(a.currency).toBe("EUR");
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
  });

  it("serves a signed-in user a ?lng= link's language without writing it to the account (a GET changes nothing)", async () => {
    const [user] = await app.database.db
      .insert(users)
      .values({ email: "lang@example.com", fullName: "Lang", language: "en" })
      .returning();
    const [cookie] = await startUserSession(new Request("http://localhost/"), user!.id, false, "password");
    const visitor = await getVisitor(
      new Request("http://localhost/?lng=fr", { headers: { Cookie: cookie!.split(";")[0]! } }),
      { requestScope: {} },
    );
    expect(visitor.language).toBe("fr");
    const [stored] = await app.database.db
      .select({ language: users.language })
      .from(users)
      .where(sql`${users.id} = ${user!.id}`);
    expect(stored!.language).toBe("en");
  });
});
