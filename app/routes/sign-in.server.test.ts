import { statusOf } from "../../tests/support/route-results";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { sessions, users } from "#db/schema";
import { formPost, routeArgs, useAppDatabase } from "../../tests/support/app-test";
import { hashPassword } from "~/utils/password.server";
import { loader as settingsLoader } from "./settings/route";
import { action, loader } from "./sign-in";

await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("sign-in", { COOKIE_SECURE: "false" }),
);

const FAST = { N: 1024, r: 8, p: 1 };
type ActionResult = Response | { init: ResponseInit | null; data: unknown };

async function createDriver(db: ReturnType<typeof useAppDatabase>["database"]["db"], email: string) {
  const [user] = await db
    .insert(users)
    .values({ email, fullName: "Flood Target", passwordHash: await hashPassword("right password", FAST) })
    .returning({ id: users.id });
  return user!.id;
}

/** A sign-in post from its own client address, so only the per-account limit (8 failures) is in play. */
const signIn = (email: string, password: string, clientIp: string) =>
  action(routeArgs(formPost("http://localhost/sign-in", { email, password }), clientIp)) as Promise<ActionResult>;

/** The session cookie a browser would send back after `response`. */
const cookieFrom = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((cookie) => cookie.startsWith("__session="));

describe("sign-in abuse protection and suspended accounts", () => {
  const app = useAppDatabase();

  it("refuses concurrent guesses past the per-account limit, even when they all arrive at once", async () => {
    await createDriver(app.database.db, "burst@example.com");
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, index) => signIn("burst@example.com", `guess ${index}`, `198.51.100.${index}`)),
    );
    const statuses = results.map(statusOf);
    expect(statuses.filter((status) => status === 400)).toHaveLength(8);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
    // The right password waits for the window too: the limit protects the account, whoever guesses.
    const afterwards = await signIn("burst@example.com", "right password", "203.0.113.1");
    expect(statusOf(afterwards)).toBe(429);
    const retryAfter = Number(new Headers((afterwards as { init: ResponseInit }).init.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it("does not count a successful sign-in against the account", async () => {
    await createDriver(app.database.db, "forgetful@example.com");
    for (let attempt = 0; attempt < 7; attempt++)
      expect(statusOf(await signIn("forgetful@example.com", "wrong", "192.0.2.1"))).toBe(400);
    expect(statusOf(await signIn("forgetful@example.com", "right password", "192.0.2.1"))).toBe(302);
    // Seven failures so far: the eighth is still answered, the ninth is refused.
    expect(statusOf(await signIn("forgetful@example.com", "wrong", "192.0.2.1"))).toBe(400);
    expect(statusOf(await signIn("forgetful@example.com", "wrong", "192.0.2.1"))).toBe(429);
  });

  it("does not count successful sign-ins against their address: staff behind one office address sign in all day", async () => {
    await createDriver(app.database.db, "office@example.com");
    // More than the address's 100 attempts a quarter-hour, every one a success.
    for (let attempt = 0; attempt < 105; attempt++)
      expect(statusOf(await signIn("office@example.com", "right password", "192.0.2.50"))).toBe(302);
    // Failures from the address still count towards its limit.
    for (let attempt = 0; attempt < 100; attempt++)
      await signIn(`guess-${attempt % 10}@example.com`, "wrong", "192.0.2.50");
    expect(statusOf(await signIn("office@example.com", "right password", "192.0.2.50"))).toBe(429);
  }, 120_000);

  it("issues a new session id at every sign-in and ends the one the browser had", async () => {
    await createDriver(app.database.db, "fixation@example.com");
    const first = (await signIn("fixation@example.com", "right password", "192.0.2.2")) as Response;
    const planted = cookieFrom(first);
    const second = (await action(
      routeArgs(
        new Request("http://localhost/sign-in", {
          method: "POST",
          headers: { Origin: "http://localhost", Cookie: planted! },
          body: new URLSearchParams({ email: "fixation@example.com", password: "right password" }),
        }),
        "192.0.2.2",
      ),
    )) as Response;
    const renewed = cookieFrom(second);
    expect(renewed).toMatch(/^__session=/);
    expect(renewed).not.toBe(planted);
    // The session behind the earlier cookie no longer exists: it opens nothing.
    const withOld = await settingsLoader(
      routeArgs(new Request("http://localhost/settings", { headers: { Cookie: planted! } })),
    ).catch((thrown: unknown) => thrown);
    expect(withOld).toBeInstanceOf(Response);
    expect((withOld as Response).headers.get("Location")).toBe("/sign-in?redirectTo=%2Fsettings");
  });

  it("signs a suspended account out at its next request and ends all of its sessions, without a redirect loop", async () => {
    const userId = await createDriver(app.database.db, "suspended-later@example.com");
    const signedIn = (await signIn("suspended-later@example.com", "right password", "192.0.2.3")) as Response;
    const cookie = cookieFrom(signedIn);
    const settings = await settingsLoader(
      routeArgs(new Request("http://localhost/settings", { headers: { Cookie: cookie! } })),
    );
    expect(settings).not.toBeInstanceOf(Response);

    await app.database.db.update(users).set({ blacklisted: true }).where(eq(users.id, userId));
    const refused = await settingsLoader(
      routeArgs(new Request("http://localhost/settings", { headers: { Cookie: cookie! } })),
    ).catch((thrown: unknown) => thrown);
    expect((refused as Response).headers.get("Location")).toBe("/sign-in?redirectTo=%2Fsettings");
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    // The sign-in page then shows its form instead of sending the browser back to /settings.
    const page = await loader(
      routeArgs(new Request("http://localhost/sign-in?redirectTo=%2Fsettings", { headers: { Cookie: cookie! } })),
    );
    expect(page).toMatchObject({ title: expect.any(String) });
  });
});
