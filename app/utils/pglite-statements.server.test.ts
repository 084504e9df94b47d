import { parse, PGlite, protocol } from "@electric-sql/pglite";
import { installedVersion } from "../../tests/support/installed-version";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_CACHE_SIZE, withStatementCache } from "./pglite-statements.server";

// One PGlite for the file: creating one runs initdb in WebAssembly, seconds of CPU on a busy machine.
let raw: PGlite;
let cached: PGlite;
beforeAll(async () => {
  raw = await PGlite.create();
  cached = withStatementCache(raw);
  await raw.exec(
    "create table things (id serial primary key, name text not null unique, tags text[], seen date, data jsonb, at timestamptz)",
  );
});
afterAll(() => raw.close());

describe("PGlite with prepared statements", () => {
  const prepared = async () =>
    (await raw.query<{ count: number }>("select count(*)::int as count from pg_prepared_statements")).rows[0]!.count;

  it("answers as PGlite's own query does, for every kind of value, and prepares a text once", async () => {
    const insert = "insert into things (name, tags, seen, data, at) values ($1, $2, $3, $4, $5) returning *";
    const values = ["first", ["a", "b"], "2030-01-02", { deep: [1, "x"] }, new Date("2030-01-02T03:04:05Z")];
    const mine = await cached.query(insert, values);
    const theirs = await raw.query(insert, ["second", ...values.slice(1)]);
    expect({ ...mine.rows[0]!, id: 0, name: "" }).toEqual({ ...theirs.rows[0]!, id: 0, name: "" });
    expect(mine.fields).toEqual(theirs.fields);
    const select = "select name, tags, seen, data, at from things where name = any($1::text[]) order by name";
    for (let run = 0; run < 7; run++)
      expect(await cached.query(select, [["first", "second"]], { rowMode: "array" })).toEqual(
        await raw.query(select, [["first", "second"]], { rowMode: "array" }),
      );
    const update = await cached.query("update things set tags = null where name = $1", ["first"]);
    expect(update.affectedRows).toBe(1);
    expect(await prepared()).toBe(3);
  });

  it("reports a failing statement as PGlite does, and keeps working after it", async () => {
    await expect(cached.query("insert into things (name) values ($1)", ["first"])).rejects.toThrow(/duplicate key/);
    await expect(cached.query("select nonsense from things")).rejects.toThrow(/nonsense/);
    expect((await cached.query<{ name: string }>("select name from things where name = $1", ["first"])).rows).toEqual([
      { name: "first" },
    ]);
  });

  it("prepares a statement afresh when its table changed shape under it", async () => {
    const select = "select * from things where name = $1";
    expect((await cached.query<Record<string, unknown>>(select, ["first"])).fields).toHaveLength(6);
    await raw.exec("alter table things add column colour text");
    const after = await cached.query<Record<string, unknown>>(select, ["first"]);
    expect(after.fields.map((field) => field.name)).toContain("colour");
    expect(after.rows).toHaveLength(1);
  });

  it("keeps at most STATEMENT_CACHE_SIZE statements, closing the least recently used", async () => {
    for (let index = 0; index < STATEMENT_CACHE_SIZE + 25; index++) await cached.query(`select ${index} as n`);
    expect(await prepared()).toBe(STATEMENT_CACHE_SIZE);
    expect((await cached.query<{ n: number }>("select 3 as n")).rows).toEqual([{ n: 3 }]);
  });

  it("waits for an open transaction instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = raw.transaction(async (tx) => {
      await tx.query("insert into things (name) values ('in-transaction')");
      await held;
      throw new Error("rolled back");
    });
    const outside = cached.query<{ count: number }>(
      "select count(*)::int as count from things where name = 'in-transaction'",
    );
    release();
    await expect(transaction).rejects.toThrow("rolled back");
    expect((await outside).rows).toEqual([{ count: 0 }]);
  });
});

/**
 * This client is written against PGlite's protocol serialisers and result parsers, which a 0.x release may change
 * without notice (decision 015). An upgrade fails here first: check the internals below still have this shape, run
 * this file, re-measure with `npx tsx bench/pglite-statements.ts` (decision 015's amendment says what it saves), and
 * only then move the pin.
 */
describe("what the statement cache depends on (pinned)", () => {
  it("is the PGlite release it was written and measured against", () => {
    expect(installedVersion("@electric-sql/pglite")).toBe("0.5.16");
  });

  it("finds PGlite's serialisers, parsers and client internals where it reads them", () => {
    const serialize = (protocol as unknown as { serialize: Record<string, unknown> }).serialize;
    for (const name of ["parse", "describe", "bind", "execute", "close", "sync"])
      expect(typeof serialize[name], `protocol.serialize.${name}`).toBe("function");
    for (const name of ["parseResults", "parseDescribeStatementResults"])
      expect(typeof (parse as unknown as Record<string, unknown>)[name], `parse.${name}`).toBe("function");
    const internals = raw as unknown as Record<string, unknown>;
    expect(typeof internals.serializers).toBe("object");
    expect(typeof internals.parsers).toBe("object");
    expect(typeof internals._runExclusiveTransaction).toBe("function");
    expect(typeof raw.execProtocol).toBe("function");
  });
});
