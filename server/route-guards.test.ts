import type { ServerBuild } from "@remix-run/node";
import { describe, expect, it, vi } from "vitest";
import { guardRoutes } from "./route-guards";
import { PASSWORD_CHECKS_BUSY } from "~/utils/errors.server";
import { setDatabase, type DatabaseHandle } from "~/utils/db.server";
import { createTestDatabase } from "../tests/support/test-database";
import { insertSupplier } from "../tests/support/fixtures";

await vi.hoisted(async () => (await import("../tests/support/app-test")).configureOutbox("route-guards"));

const request = new Request("http://localhost/search?pickup=tunis");
const buildThrowing = (error: unknown) =>
  ({
    routes: {
      "routes/search": {
        id: "routes/search",
        path: "search",
        module: {
          loader: async () => {
            throw error;
          },
          action: async () => ({ ok: true }),
          default: () => null,
        },
      },
    },
  }) as unknown as ServerBuild;

async function answerOf(error: unknown, lines: string[] = []) {
  const build = guardRoutes(buildThrowing(error), (line) => lines.push(line));
  const loader = build.routes["routes/search"]!.module.loader!;
  try {
    await loader({ request, params: {}, context: { cspNonce: "", clientIp: "127.0.0.1", requestScope: {} } });
  } catch (thrown) {
    return thrown;
  }
  return undefined;
}

describe("what loaders and actions throw, answered", () => {
  it("a database that does not answer is a 503 with Retry-After, logged once", async () => {
    const lines: string[] = [];
    const answer = (await answerOf(
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      lines,
    )) as Response;
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("30");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[database\] GET \/search \(loader of routes\/search\) answered 503/);
  });

  it("too many password checks waiting is a 503 that says 'busy' and to come back in seconds", async () => {
    const lines: string[] = [];
    const answer = (await answerOf(new Error(PASSWORD_CHECKS_BUSY), lines)) as Response;
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("5");
    expect(await answer.text()).toBe("Busy");
    expect(lines[0]).toMatch(/^\[busy\] GET \/search/);
  });

  it("a body no form could send, or text PostgreSQL cannot store, is a 400", async () => {
    expect(((await answerOf(new TypeError("Failed to parse body as FormData."))) as Response).status).toBe(400);
    const nul = Object.assign(new Error("Failed query: insert …\nparams: a\u0000b"), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" }),
    });
    expect(((await answerOf(nul)) as Response).status).toBe(400);
  });

  it("a bug stays a bug (Remix logs it and answers 500), and a thrown Response is left alone", async () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    expect(await answerOf(bug)).toBe(bug);
    const notFound = new Response("Not Found", { status: 404 });
    expect(await answerOf(notFound)).toBe(notFound);
  });

  it("keeps what routes return, and every other export", async () => {
    const build = guardRoutes(buildThrowing(new Error("unused")));
    const module = build.routes["routes/search"]!.module;
    expect(
      await module.action!({ request, params: {}, context: { cspNonce: "", clientIp: "127.0.0.1", requestScope: {} } }),
    ).toEqual({ ok: true });
    expect(typeof module.default).toBe("function");
  });

  it("once a loader or action of a request found the database away, its 503 page asks the database nothing more", async () => {
    const { loader: rootLoader } = await import("~/root");
    const { sessionCookieFor } = await import("../tests/support/app-test");
    // A session on record (sessions live in the database), then the database goes away.
    const database = await createTestDatabase("pglite");
    setDatabase(Promise.resolve(database));
    const cookie = await sessionCookieFor(await insertSupplier(database.db, "away-test"));
    await database.destroy();
    const signedIn = new Request("http://localhost/checkout", {
      method: "POST",
      headers: { Cookie: cookie },
    });
    let asked = 0;
    const away = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    setDatabase(
      Promise.resolve({
        get db(): never {
          asked++;
          throw away;
        },
      } as unknown as DatabaseHandle),
    );
    const rootArgs = (requestScope: object) => ({
      request: signedIn,
      params: {},
      context: { cspNonce: "", clientIp: "127.0.0.1", requestScope },
    });

    // Unmarked, the root loader asks the database for the signed-in driver (and falls back to a guest).
    await rootLoader(rootArgs({}));
    expect(asked).toBeGreaterThan(0);

    // The route's action found the database away: the root loader the error page needs asks it nothing.
    const build = guardRoutes(buildThrowing(away), () => {});
    const requestScope = {};
    const loader = build.routes["routes/search"]!.module.loader!;
    const answer = await Promise.resolve(
      loader({ request, params: {}, context: { cspNonce: "", clientIp: "127.0.0.1", requestScope } }),
    ).catch((thrown: unknown) => thrown);
    expect((answer as Response).status).toBe(503);
    const askedBefore = asked;
    const rootData = await rootLoader(rootArgs(requestScope));
    expect(asked).toBe(askedBefore);
    expect((rootData as unknown as { data: { user: unknown; currency: string } }).data).toMatchObject({
      user: null,
      currency: "USD",
    });
  });
});
