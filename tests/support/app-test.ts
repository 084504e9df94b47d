/**
 * Set-up shared by tests that run loaders, actions or mail-sending models in-process. Configuration is read once
 * when the app's modules load, so the test's outbox must be configured first: call `configureOutbox` inside
 * `vi.hoisted`, e.g. `const outbox = await vi.hoisted(async () => (await import("…/app-test")).configureOutbox("contact"))`.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { getDb, setDatabase, type Database } from "~/utils/db.server";
import { drainMailOutbox } from "~/utils/mail-outbox.server";
import { createTestDatabase, type TestDatabase } from "./test-database";

/** A private outbox folder (plus any other variables), set in the environment; removed after the file's tests. */
export function configureOutbox(name: string, extraEnv: Record<string, string> = {}): string {
  const dir = path.join(process.env.TMPDIR ?? "/tmp", `rentacar-${name}-${process.pid}-${Date.now()}`);
  Object.assign(process.env, { OUTBOX_DIR: dir, ...extraEnv });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Every mail delivered to the outbox folder, oldest first, with the quoted-printable encoding of its body undone.
 * Mail is queued in the database first (mail-outbox.server.ts): what is due is delivered before reading, from the
 * app's database or the one given.
 */
export async function readOutbox(dir: string, db?: Database): Promise<string[]> {
  await drainMailOutbox(db ?? (await getDb()));
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), "utf8");
    const bytes = raw
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  });
}

/** A migrated PGlite database installed as the app's own for the file's tests (`state.database` once ready). */
export function useAppDatabase(): { database: TestDatabase } {
  const state = {} as { database: TestDatabase };
  beforeAll(async () => {
    state.database = await createTestDatabase("pglite");
    setDatabase(Promise.resolve(state.database));
  });
  afterAll(() => state.database?.destroy());
  return state;
}

/** What Remix passes a loader or action, for a request from `clientIp`. */
export const routeArgs = (request: Request, clientIp = "127.0.0.1") => ({
  request,
  params: {},
  context: { clientIp, cspNonce: "test", requestScope: {} },
});

/** A same-origin form post to `url`, from the browser holding `cookie` (a `Cookie` header value) if given. */
export const formPost = (url: string, fields: Record<string, string>, cookie?: string) =>
  new Request(url, {
    method: "POST",
    headers: { Origin: new URL(url).origin, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(fields),
  });

/** A signed session cookie for `userId` (a `Cookie` header value), as signing in would give. */
export async function sessionCookieFor(userId: string): Promise<string> {
  const { sessionStorage } = await import("~/utils/session.server");
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  return (await sessionStorage.commitSession(session)).split(";")[0]!;
}

/**
 * What a loader or action answered, thrown or returned: its status, its redirect, and its data (for `data()` and
 * plain objects). A refusal thrown as a Response (404, 403, a redirect to sign in) reads like one returned.
 */
export async function routeOutcome(
  run: () => Promise<unknown>,
): Promise<{ status: number; location: string | null; body: unknown }> {
  try {
    const result = await run();
    if (result instanceof Response)
      return { status: result.status, location: result.headers.get("Location"), body: null };
    const wrapped = result as { data?: unknown; init?: ResponseInit | null };
    if (wrapped && typeof wrapped === "object" && "init" in wrapped && "data" in wrapped)
      return { status: wrapped.init?.status ?? 200, location: null, body: wrapped.data };
    return { status: 200, location: null, body: result };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, location: thrown.headers.get("Location"), body: null };
    throw thrown;
  }
}
