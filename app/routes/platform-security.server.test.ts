/**
 * The platform's rules for operators' sign-in (decision 043) through the routes: the admin's settings page saves and
 * audits them, a required second factor sends an operator without one to add it, an operator's idle session ends
 * (a driver's does not), and an account lists its sessions and ends the others.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { formPost, routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import { insertMinimalCatalogue, type MinimalCatalogue } from "../../tests/support/fixtures";
import { beginEnrolment } from "~/models/account/two-factor.server";
import { loader as manageLoader } from "./manage/route";
import { action as platformAction, loader as platformLoader } from "./manage.platform/route";
import { action as sessionsAction, loader as sessionsLoader } from "./settings_.sessions/route";
import { loader as settingsLoader } from "./settings/route";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("platform-security"));

const ORIGIN = "http://localhost";
const get = (path: string, cookie: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, fields: Record<string, string>) =>
  formPost(`${ORIGIN}${path}`, fields, cookie);
const RULES = { minPickupHours: "1", minRentalHours: "1", earliestHour: "0", latestHour: "23", staffIdleHours: "12" };

describe("operators' sign-in rules", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let adminCookie: string;

  beforeAll(async () => {
    catalogue = await insertMinimalCatalogue(app.database.db);
    const [admin] = await app.database.db
      .insert(schema.users)
      .values({ role: "admin", email: "platform-admin@example.com", fullName: "Ada Admin", verified: true })
      .returning();
    adminCookie = await sessionCookieFor(admin?.id ?? "");
  });

  it("saves the platform's settings for an admin only, audited by name, refusing a backwards day on its field", async () => {
    const supplier = await sessionCookieFor(catalogue.supplier.id);
    expect((await routeOutcome(() => platformLoader(routeArgs(get("/manage/platform", supplier))))).status).toBe(403);
    const backwards = await routeOutcome(() =>
      platformAction(
        routeArgs(post("/manage/platform", adminCookie, { ...RULES, earliestHour: "20", latestHour: "6" })),
      ),
    );
    expect(backwards.status).toBe(400);
    expect(JSON.stringify(backwards.body)).toContain("manage:platform.latestBeforeEarliest");
    const saved = await routeOutcome(() =>
      platformAction(routeArgs(post("/manage/platform", adminCookie, { ...RULES, minPickupHours: "3" }))),
    );
    expect(saved).toMatchObject({ status: 302, location: "/manage/platform" });
    const [row] = await app.database.db.select().from(schema.settings);
    expect(row).toMatchObject({ minPickupHours: 3, operatorsNeedTwoFactor: false });
    const [entry] = await app.database.db.select().from(schema.auditLog).where(eq(schema.auditLog.record, "platform"));
    expect(entry).toMatchObject({ actorName: "Ada Admin", actorRole: "admin", action: "update" });
    expect(entry?.changes).toEqual({ minPickupHours: { from: 1, to: 3 } });
  });

  it("sends an operator without an app to add one when the platform asks for it; a driver is not asked", async () => {
    await platformAction(routeArgs(post("/manage/platform", adminCookie, { ...RULES, operatorsNeedTwoFactor: "on" })));
    const supplier = await sessionCookieFor(catalogue.supplier.id);
    const sent = await routeOutcome(() => manageLoader(routeArgs(get("/manage", supplier))));
    expect(sent).toMatchObject({ status: 302, location: "/settings/two-factor" });
    // An app begun but not confirmed is not enough.
    await beginEnrolment(app.database.db, catalogue.supplier.id);
    expect((await routeOutcome(() => manageLoader(routeArgs(get("/manage", supplier))))).status).toBe(302);
    await app.database.db
      .update(schema.twoFactorSecrets)
      .set({ confirmedAt: new Date() })
      .where(eq(schema.twoFactorSecrets.userId, catalogue.supplier.id));
    expect((await routeOutcome(() => manageLoader(routeArgs(get("/manage", supplier))))).status).toBe(200);
    const driver = await sessionCookieFor(catalogue.driver.id);
    expect((await routeOutcome(() => settingsLoader(routeArgs(get("/settings", driver))))).status).toBe(200);
    // The admin is an operator too: asked for an app before the platform page opens again.
    const admin = await routeOutcome(() => platformLoader(routeArgs(get("/manage/platform", adminCookie))));
    expect(admin).toMatchObject({ status: 302, location: "/settings/two-factor" });
    await app.database.db.update(schema.settings).set({ operatorsNeedTwoFactor: false });
  });

  it("ends an operator's session after the idle time, and keeps a driver's", async () => {
    const supplier = await sessionCookieFor(catalogue.supplier.id);
    const driver = await sessionCookieFor(catalogue.driver.id);
    // Both last used 13 hours ago: past the operators' 12.
    await app.database.db.execute(
      sql`update sessions set data = data || jsonb_build_object('seenAt', ${Date.now() - 13 * 3_600_000}::bigint)`,
    );
    const operator = await routeOutcome(() => manageLoader(routeArgs(get("/manage", supplier))));
    expect(operator.status).toBe(302);
    expect(operator.location).toMatch(/^\/sign-in/);
    expect((await routeOutcome(() => settingsLoader(routeArgs(get("/settings", driver))))).status).toBe(200);
  });

  it("lists an account's sessions, marks this browser's, and ends the others", async () => {
    const here = await sessionCookieFor(catalogue.driver.id);
    await sessionCookieFor(catalogue.driver.id);
    const listed = await routeOutcome(() => sessionsLoader(routeArgs(get("/settings/sessions", here))));
    const sessions = (listed.body as { sessions: Array<{ current: boolean }> }).sessions;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    // No session id reaches the page.
    expect(JSON.stringify(listed.body)).not.toMatch(/"id"/);
    const ended = await routeOutcome(() => sessionsAction(routeArgs(post("/settings/sessions", here, {}))));
    expect(ended.status).toBe(302);
    const left = await app.database.db
      .select()
      .from(schema.sessions)
      .where(eq(schema.sessions.userId, catalogue.driver.id));
    expect(left).toHaveLength(1);
    expect((await routeOutcome(() => settingsLoader(routeArgs(get("/settings", here))))).status).toBe(200);
  });
});
