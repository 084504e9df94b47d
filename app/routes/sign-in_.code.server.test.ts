/**
 * Two-factor sign-in through the routes (decision 043): the password alone opens no session, the code page takes an
 * app's code once or a recovery code, a stale or forged halfway sign-in starts again, and guesses are limited.
 */
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it, vi } from "vitest";
import { sessions, signIns, twoFactorSecrets, users } from "#db/schema";
import { formPost, routeArgs, routeOutcome, useAppDatabase } from "../../tests/support/app-test";
import { beginEnrolment, confirmEnrolment } from "~/models/account/two-factor.server";
import { purgeOldSignIns, SIGN_IN_HISTORY_DAYS, signInHistory } from "~/models/account/sign-ins.server";
import { hashPassword } from "~/utils/password.server";
import { openSecret } from "~/utils/secret-box.server";
import { action as signInAction } from "./sign-in";
import { action as codeAction, loader as codeLoader } from "./sign-in_.code";

await vi.hoisted(async () =>
  (await import("../../tests/support/app-test")).configureOutbox("sign-in-code", { COOKIE_SECURE: "false" }),
);

const FAST = { N: 1024, r: 8, p: 1 };

/** The cookies a browser would send back after `response`, by name. */
const cookiesFrom = (response: Response) =>
  Object.fromEntries(
    response.headers.getSetCookie().map((cookie) => {
      const pair = cookie.split(";")[0] ?? "";
      return [pair.slice(0, pair.indexOf("=")), pair];
    }),
  );

describe("two-factor sign-in", () => {
  const app = useAppDatabase();

  async function accountWithApp(email: string) {
    const db = app.database.db;
    const [user] = await db
      .insert(users)
      .values({
        email,
        fullName: "Desk Owner",
        role: "supplier",
        passwordHash: await hashPassword("right password", FAST),
      })
      .returning({ id: users.id });
    const id = user?.id ?? "";
    await beginEnrolment(db, id);
    const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, id));
    const secret = openSecret(row?.secret ?? "") ?? "";
    // Enrolled a minute ago, so the codes typed below belong to later windows.
    const enrolledAt = new Date(Date.now() - 60_000);
    const confirmed = await confirmEnrolment(
      db,
      id,
      await generate({ secret, epoch: Math.floor(enrolledAt.getTime() / 1000) }),
      enrolledAt,
    );
    if (!confirmed.ok) throw new Error("enrolment refused");
    return { id, secret, recoveryCodes: confirmed.recoveryCodes };
  }

  /** The password step's answer (the redirect to the code page is thrown, as Remix lets a redirect be). */
  async function passwordStep(email: string, clientIp: string): Promise<Response> {
    try {
      const answer = await signInAction(
        routeArgs(formPost("http://localhost/sign-in", { email, password: "right password" }), clientIp),
      );
      if (answer instanceof Response) return answer;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    }
    throw new Error("the password step did not redirect");
  }

  const postCode = (cookie: string, code: string, clientIp = "192.0.2.50") =>
    routeOutcome(() => codeAction(routeArgs(formPost("http://localhost/sign-in/code", { code }, cookie), clientIp)));

  it("asks for the code after the password, then signs in once with the app's code", async () => {
    const account = await accountWithApp("owner-2fa@example.com");
    const password = await passwordStep("owner-2fa@example.com", "192.0.2.40");
    expect(password.status).toBe(302);
    expect(password.headers.get("Location")).toBe("/sign-in/code");
    const set = cookiesFrom(password);
    expect(set.__session).toBeUndefined();
    const pendingCookie = set.__sign_in_pending ?? "";
    expect(pendingCookie).not.toBe("");
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);

    // The page opens with the halfway cookie, and sends a browser without one back to the password.
    const page = await routeOutcome(() =>
      codeLoader(routeArgs(new Request("http://localhost/sign-in/code", { headers: { Cookie: pendingCookie } }))),
    );
    expect(page.status).toBe(200);
    const without = await routeOutcome(() => codeLoader(routeArgs(new Request("http://localhost/sign-in/code"))));
    expect(without).toMatchObject({ status: 302, location: "/sign-in" });

    const wrong = await postCode(pendingCookie, "000000");
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain("account:twoFactor.wrongCode");

    const code = await generate({ secret: account.secret });
    const passed = await postCode(pendingCookie, code);
    expect(passed.status).toBe(302);
    expect(await app.database.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(1);
    // The same code again, from the same halfway cookie kept by an attacker: refused.
    expect((await postCode(pendingCookie, code)).status).toBe(400);
  });

  it("signs in with a recovery code once, and says how many are left", async () => {
    const account = await accountWithApp("lost-phone@example.com");
    const cookie = cookiesFrom(await passwordStep("lost-phone@example.com", "192.0.2.41")).__sign_in_pending ?? "";
    const recovery = account.recoveryCodes[3] ?? "";
    const answer = await codeAction(
      routeArgs(formPost("http://localhost/sign-in/code", { code: recovery }, cookie), "192.0.2.41"),
    );
    if (!(answer instanceof Response)) throw new Error("the recovery code did not sign in");
    expect(answer.status).toBe(302);
    const set = cookiesFrom(answer);
    expect(set.__session).toBeDefined();
    // The flashed message (a signed cookie holding base64 JSON) says nine codes are left.
    const toast = decodeURIComponent((set.__toast ?? "").slice("__toast=".length));
    const flashed = Buffer.from(toast.slice(0, toast.lastIndexOf(".")), "base64").toString("utf8");
    expect(flashed).toContain("success.signedInWithRecovery");
    expect(flashed).toContain('"count":9');
    expect((await postCode(cookie, recovery)).status).toBe(400);
  });

  it("starts again without a halfway sign-in, and limits guesses on one account like passwords", async () => {
    const forged = await postCode("__sign_in_pending=forged", "123456");
    expect(forged).toMatchObject({ status: 302, location: "/sign-in" });

    await accountWithApp("guessed@example.com");
    const cookie = cookiesFrom(await passwordStep("guessed@example.com", "192.0.2.42")).__sign_in_pending ?? "";
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        postCode(cookie, String(100000 + index), `198.51.100.${index}`).then((answer) => answer.status),
      ),
    );
    expect(statuses.filter((status) => status === 400)).toHaveLength(8);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  });

  it("keeps each sign-in and refusal in the account's history, with the browser, after its session ends", async () => {
    const account = await accountWithApp("history@example.com");
    const firefox = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
    const wrongPassword = await routeOutcome(() =>
      signInAction(
        routeArgs(
          formPost("http://localhost/sign-in", { email: "history@example.com", password: "wrong password" }),
          "192.0.2.60",
        ),
      ),
    );
    expect(wrongPassword.status).toBe(400);
    const cookie = cookiesFrom(await passwordStep("history@example.com", "192.0.2.60")).__sign_in_pending ?? "";
    const wrongCode = await routeOutcome(() =>
      codeAction(
        routeArgs(
          new Request("http://localhost/sign-in/code", {
            method: "POST",
            body: new URLSearchParams({ code: "000000" }),
            headers: { Cookie: cookie, "User-Agent": firefox, Origin: "http://localhost" },
          }),
          "192.0.2.60",
        ),
      ),
    );
    expect(wrongCode.status).toBe(400);
    expect((await postCode(cookie, await generate({ secret: account.secret }))).status).toBe(302);
    // The session ends (signed out); its sign-in stays in the history.
    await app.database.db.delete(sessions).where(eq(sessions.userId, account.id));

    const history = await signInHistory(app.database.db, account.id);
    expect(history.map(({ method, outcome }) => `${method} ${outcome}`)).toEqual([
      "code signedIn",
      "code wrongCode",
      "password wrongPassword",
    ]);
    expect(history[1]?.browser).toMatch(/Firefox/);
    // An address nobody owns leaves no trace on anyone's history.
    const rowsBefore = (await app.database.db.select().from(signIns)).length;
    await routeOutcome(() =>
      signInAction(routeArgs(formPost("http://localhost/sign-in", { email: "nobody@example.com", password: "x" }))),
    );
    expect(await app.database.db.select().from(signIns)).toHaveLength(rowsBefore);

    // Kept for the history's days, then purged by the hourly maintenance.
    const later = new Date(Date.now() + (SIGN_IN_HISTORY_DAYS + 1) * 86_400_000);
    expect(await purgeOldSignIns(app.database.db, new Date())).toBe(0);
    expect(await purgeOldSignIns(app.database.db, later)).toBe(rowsBefore);
    expect(await signInHistory(app.database.db, account.id)).toEqual([]);
  });
});
