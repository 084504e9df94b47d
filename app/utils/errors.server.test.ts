import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from "@remix-run/node";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "#db/schema";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/test-database";
import { startTcpProxy } from "../../tests/support/tcp-proxy";
import { openDatabase } from "./db.server";
import { describeError, isDatabaseUnavailable, isMalformedBody, isUnstorableInput, sqlState } from "./errors.server";

const multipart = (body: string) =>
  new Request("http://localhost/", {
    method: "POST",
    body,
    headers: { "content-type": "multipart/form-data; boundary=x" },
  });
const caught = async (work: () => Promise<unknown>) => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("expected a failure");
};

describe("malformed request bodies", () => {
  // The libraries' own errors, as they throw them: an upgrade that changes their wording fails here first.
  const broken = ["garbage", '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', "--x\r\n\r\n\r\n--x--"];
  it.each(broken)("Request.formData() on %j is a malformed body", async (body) => {
    expect(isMalformedBody(await caught(() => multipart(body).formData()))).toBe(true);
  });
  it.each(broken.slice(1))("the upload parser on %j is a malformed body", async (body) => {
    expect(
      isMalformedBody(
        await caught(() => unstable_parseMultipartFormData(multipart(body), unstable_createMemoryUploadHandler())),
      ),
    ).toBe(true);
  });
  it("a body of another type is a malformed form", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      body: "a=b",
      headers: { "content-type": "text/plain" },
    });
    expect(isMalformedBody(await caught(() => request.formData()))).toBe(true);
  });
  it("an ordinary bug is not", () => {
    expect(isMalformedBody(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isUnstorableInput(new Error("boom"))).toBe(false);
  });
});

describe.each(testEngines)("database errors on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database?.destroy());

  const secretRow = {
    role: "user" as const,
    fullName: "Ada Secret",
    email: "ada.secret@example.com",
    phone: "+33612345678",
    birthDate: "1990-04-05",
    passwordHash: "scrypt$secret-hash",
    language: "en" as const,
  };

  it("a NUL byte in a text field is unstorable input (400), and the log line carries none of the row's values", async () => {
    const error = await caught(() => database.db.insert(users).values({ ...secretRow, bio: "hello\u0000world" }));
    expect(isUnstorableInput(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
    const line = describeError(error);
    expect(line).toContain("22021");
    expect(line).toContain('insert into "users"');
    for (const value of Object.values(secretRow).filter((value) => value.length > 4)) expect(line).not.toContain(value);
    expect(String(error)).toContain("ada.secret@example.com"); // what the log used to print
  });

  it("a unique violation is neither, and its logged detail names no value", async () => {
    await database.db.insert(users).values(secretRow);
    const error = await caught(() => database.db.insert(users).values(secretRow));
    expect(sqlState(error)).toBe("23505");
    expect(isUnstorableInput(error)).toBe(false);
    expect(describeError(error)).not.toContain("ada.secret@example.com");
    await database.db.execute(sql`delete from users where email = ${secretRow.email}`);
  });
});

describe("a database that does not answer", () => {
  it("refused connections are 'unavailable'", async () => {
    const pool = new pg.Pool({
      connectionString: "postgresql://postgres@127.0.0.1:1/none",
      connectionTimeoutMillis: 1000,
    });
    const error = await caught(() => pool.query("select 1"));
    expect(isDatabaseUnavailable(error)).toBe(true);
    await pool.end();
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)("through a TCP proxy that stops forwarding (PostgreSQL)", () => {
    it("gives up within the statement time-out instead of hanging, and new connections within the connect time-out", async () => {
      const target = new URL(process.env.TEST_DATABASE_URL!);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const viaProxy = new URL(target);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const handle = await openDatabase({
        databaseUrl: viaProxy.toString(),
        poolSize: 2,
        // Time-outs a busy machine still meets when the database answers; the bounds below only say "not a hang".
        connectTimeoutMs: 3000,
        statementTimeoutMs: 2000,
      });
      try {
        await handle.db.execute(sql`select 1`);
        proxy.blackhole();
        let started = performance.now();
        const stuck = await caught(() => handle.db.execute(sql`select 1`));
        expect(performance.now() - started).toBeLessThan(15_000);
        expect(isDatabaseUnavailable(stuck)).toBe(true);
        // Both pooled connections are now gone or stuck: a new one is tried and times out.
        started = performance.now();
        const [first, second] = await Promise.all([
          caught(() => handle.db.execute(sql`select 2`)),
          caught(() => handle.db.execute(sql`select 3`)),
        ]);
        expect(performance.now() - started).toBeLessThan(15_000);
        expect(isDatabaseUnavailable(first)).toBe(true);
        expect(isDatabaseUnavailable(second)).toBe(true);
        // A statement the server itself cancels (statement_timeout) is 'unavailable' too, not a bug.
        proxy.restore();
        const slow = await caught(() => handle.db.execute(sql`select pg_sleep(5)`));
        expect(sqlState(slow)).toBe("57014");
        expect(isDatabaseUnavailable(slow)).toBe(true);
      } finally {
        await handle.close().catch(() => {});
        await proxy.close();
      }
    }, 90_000);
  });
});
