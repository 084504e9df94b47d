/**
 * Prepared statements for embedded PGlite (decision 015). PGlite's `query` sends every statement unnamed, so
 * PostgreSQL parses, analyses and plans it again on each call: for the results page's one statement that is about
 * 2.8 of its 3.7 ms. This client keeps a named statement per SQL text (the most recent STATEMENT_CACHE_SIZE of
 * them), so a text seen before is only bound and run, and after five runs PostgreSQL keeps a generic plan for it.
 * Queries inside a transaction go through the transaction's own client, unchanged.
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** Statement texts kept prepared at once; the least recently used one is closed past this. */
export const STATEMENT_CACHE_SIZE = 200;

interface Prepared {
  name: string;
  /** The parameter types PostgreSQL inferred, to serialise values as PGlite's own `query` does. */
  parameterTypes: number[];
  /** The rows' description from the first run: later runs skip asking for it again. */
  rowDescription?: { name: string };
}

type Serializers = Record<number, (value: unknown) => string>;
type Parsers = Record<number, (value: string, typeId?: number) => unknown>;

const { serialize } = protocol as unknown as {
  serialize: {
    parse(options: { name: string; text: string; types: number[] }): Uint8Array;
    describe(options: { type: "S" | "P"; name?: string }): Uint8Array;
    bind(options: { statement: string; values: Array<string | null> }): Uint8Array;
    execute(options: Record<string, never>): Uint8Array;
    close(options: { type: "S"; name: string }): Uint8Array;
    sync(): Uint8Array;
  };
};
const results = parse as unknown as {
  parseResults(messages: unknown[], parsers: Parsers, options?: QueryOptions): Results[];
  parseDescribeStatementResults(messages: unknown[]): number[];
};

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * `client` with a `query` that reuses named statements; everything else is the client's own. PostgreSQL replans
 * a prepared statement for each run while it estimates a custom plan cheaper than a generic one, which for the
 * results page is always (its price expression weighs on every estimate): the session is therefore told to keep
 * the generic plan (`plan_cache_mode`), measured no slower on a 4,000-car network (decision 015).
 */
export function withStatementCache(client: PGlite): PGlite {
  const internals = client as unknown as {
    serializers: Serializers;
    parsers: Parsers;
    _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  };
  // Map keeps insertion order: re-inserting on use makes the first key the least recently used.
  const statements = new Map<string, Prepared>();
  let counter = 0;

  async function prepare(text: string): Promise<Prepared> {
    const name = `rentacar_${++counter}`;
    const parts = [
      serialize.parse({ name, text, types: [] }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ];
    if (statements.size >= STATEMENT_CACHE_SIZE) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      parts.unshift(serialize.close({ type: "S", name: oldest.name }));
    }
    const { messages } = await client.execProtocol(joined(parts));
    return { name, parameterTypes: results.parseDescribeStatementResults(messages) };
  }

  async function run<T>(prepared: Prepared, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = prepared.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? internals.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const known = prepared.rowDescription;
    const bind = serialize.bind({ statement: prepared.name, values });
    const { messages } = await client.execProtocol(
      joined(
        known
          ? [bind, serialize.execute({}), serialize.sync()]
          : [bind, serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()],
      ),
    );
    const answer = messages as Array<{ name: string }>;
    if (!known) prepared.rowDescription = answer.find((message) => message.name === "rowDescription");
    // parseResults reads the columns from the description, which comes first, after bindComplete.
    const described = known ? [answer[0]!, known, ...answer.slice(1)] : answer;
    return results.parseResults(described, internals.parsers, options)[0] as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    // Like PGlite's own query: after any open transaction, and alone on the connection while it runs.
    return internals._runExclusiveTransaction(() =>
      client.runExclusive(async () => {
        let prepared = statements.get(text);
        if (prepared) statements.delete(text);
        else prepared = await prepare(text);
        statements.set(text, prepared);
        try {
          return await run<T>(prepared, params, options);
        } catch (error) {
          // A table changed shape under a prepared statement ('cached plan must not change result type'): prepare
          // it afresh once, as PGlite's own query would simply have parsed it again.
          if ((error as { code?: string }).code !== "0A000") throw error;
          statements.delete(text);
          await client.execProtocol(joined([serialize.close({ type: "S", name: prepared.name }), serialize.sync()]));
          const fresh = await prepare(text);
          statements.set(text, fresh);
          return run<T>(fresh, params, options);
        }
      }),
    );
  }

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
