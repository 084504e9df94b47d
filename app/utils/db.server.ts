import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { withStatementCache } from "./pglite-statements.server";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "#db/schema";
import { getEnv, type Env } from "./env.server";
import { logError, POOL_WAIT_EXCEEDED } from "./errors.server";
import { SlotQueue } from "./slot-queue.server";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The same query surface inside a transaction, so model functions accept either. */
export type Executor = Pick<Database, "select" | "insert" | "update" | "delete" | "execute" | "selectDistinct">;

export interface DatabaseHandle {
  db: Database;
  engine: "pglite" | "postgres";
  /** Applies committed migrations; safe when several instances start together. */
  migrate(): Promise<void>;
  /** Runs `work` while holding a cluster-wide lock (start-up tasks such as seeding). */
  withStartupLock<T>(work: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "db/migrations");
/** Arbitrary constant shared by every instance for pg_advisory_lock. */
const STARTUP_LOCK_ID = 7_310_422_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  pgliteDir?: string;
  /** PGlite: start from this dumped data folder (`dumpDataDir`) instead of an empty database (tests). */
  pgliteSnapshot?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: how long a request may wait for one of the pool's connections when all are busy (a burst of
   * drivers), apart from the time opening one takes (0 = wait forever).
   */
  poolWaitMs?: number;
  /** PostgreSQL: give up opening a connection after this long (0 = wait forever). */
  connectTimeoutMs?: number;
  /** PostgreSQL: cancel a statement after this long, and stop waiting for an answer a little later (0 = never). */
  statementTimeoutMs?: number;
}

/** Opens real PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when pgliteDir is "memory://"). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.pgliteDir ?? "memory://", options.pgliteSnapshot);
}

/**
 * How long an app request may wait for PostgreSQL. The server cancels a slow statement itself
 * (statement_timeout); when the server or the network stops answering altogether, the client stops waiting a
 * second later (query_timeout), so a silent database costs a request seconds, never minutes (decision 013).
 */
function requestTimeouts(options: DatabaseOptions): pg.PoolConfig {
  const statement = options.statementTimeoutMs ?? 0;
  return {
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    ...(statement > 0 ? { statement_timeout: statement, query_timeout: statement + 1000 } : {}),
    // A connection whose peer vanished is noticed by TCP keepalives instead of hanging on forever.
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

async function openPglite(dir: string, snapshot?: Blob): Promise<DatabaseHandle> {
  if (!dir.startsWith("memory://")) mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
  const client = await PGlite.create(dir.startsWith("memory://") ? undefined : dir, {
    extensions: { btree_gist, pg_trgm },
    loadDataDir: snapshot,
  });
  await client.exec("set plan_cache_mode = force_generic_plan");
  const pgliteDb = drizzlePglite(withStatementCache(client), { schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    engine: "pglite",
    // PGlite is one connection in one process: no other instance can race us.
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_FOLDER }),
    withStartupLock: (work) => work(db),
    close: () => client.close(),
  };
}

/**
 * The pool's connections handed out at once, and the requests waiting for one, first come first served. node-postgres
 * has one time-out for both waiting in its queue and opening a connection: a burst of drivers waited 5 s, the time a
 * silent database is given, and was told the site was down while PostgreSQL was healthy. Here a request waits its turn
 * as long as `poolWaitMs`, and only opening a connection is bounded by the connect time-out.
 */
export class ConnectionQueue extends SlotQueue {
  constructor(size: number) {
    super(size, { timedOut: POOL_WAIT_EXCEEDED });
  }
}

type ConnectCallback = (
  error: Error | undefined,
  client?: pg.PoolClient,
  done?: (release?: Error | boolean) => void,
) => void;

/** A pg.Pool whose `connect` (and so `query`) first waits its turn in a ConnectionQueue as large as the pool. */
class QueuedPool extends pg.Pool {
  constructor(
    private readonly queue: ConnectionQueue,
    private readonly waitMs: number,
    config: pg.PoolConfig,
  ) {
    super(config);
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connected = this.queue.acquire(this.waitMs).then(async (releaseSlot) => {
      let client: pg.PoolClient;
      try {
        client = await super.connect();
      } catch (error) {
        releaseSlot();
        throw error;
      }
      // node-postgres gives each checkout a fresh `release`: the slot goes back with the connection.
      const release = client.release.bind(client);
      client.release = (error?: Error | boolean) => {
        releaseSlot();
        return release(error);
      };
      return client;
    });
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, client.release),
      (error: Error) => callback(error),
    );
  }
}

/** Settings of every PostgreSQL session the app opens (see openPostgres). */
const POSTGRES_SESSION_OPTIONS = "-c jit=off";

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  // JIT compilation costs seconds on the search query's long price expression and never pays off for
  // short OLTP statements like ours. The only named statements are the results page's walks (decisions 015, 022),
  // whose plan does not depend on the place, so after five runs PostgreSQL plans them once per connection. Forcing
  // custom plans cost 2 ms of planning per page. A statement whose best plan does depend on the place is sent
  // unnamed, and so planned for each run: named, PostgreSQL switched one to a generic plan that read every car of
  // a place's suppliers (5x the CPU at 100k cars, decision 022).
  const poolSize = options.poolSize ?? 10;
  const pool = new QueuedPool(new ConnectionQueue(poolSize), options.poolWaitMs ?? 30_000, {
    connectionString: url,
    max: poolSize,
    options: POSTGRES_SESSION_OPTIONS,
    ...requestTimeouts(options),
  });
  pool.on("error", (error) => logError("db", error, "idle client error"));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;

  async function withLockedClient<T>(work: (db: NodePgDatabase<Schema>) => Promise<T>): Promise<T> {
    // An advisory lock lives on one connection, so the work runs on that same dedicated client. Start-up work
    // (migrations on a large table, seeding) is not a request: it gets a connection without the statement limits.
    const client = new pg.Client({
      connectionString: url,
      options: POSTGRES_SESSION_OPTIONS,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    });
    await client.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
      try {
        return await work(drizzleNodePg(client, { schema }));
      } finally {
        await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]);
      }
    } finally {
      await client.end();
    }
  }

  return {
    db,
    engine: "postgres",
    migrate: () => withLockedClient((lockedDb) => migrateNodePg(lockedDb, { migrationsFolder: MIGRATIONS_FOLDER })),
    withStartupLock: (work) => withLockedClient((lockedDb) => work(lockedDb as unknown as Database)),
    close: () => pool.end(),
  };
}

/** Cheap liveness probe used by /healthz. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The environment's database settings, as `openDatabase` takes them. */
export function databaseOptionsFromEnv(
  env: Pick<
    Env,
    | "DATABASE_URL"
    | "PGLITE_DIR"
    | "DB_POOL_SIZE"
    | "DB_POOL_WAIT_MS"
    | "DB_CONNECT_TIMEOUT_MS"
    | "DB_STATEMENT_TIMEOUT_MS"
  >,
): DatabaseOptions {
  return {
    databaseUrl: env.DATABASE_URL,
    pgliteDir: env.PGLITE_DIR,
    poolSize: env.DB_POOL_SIZE,
    poolWaitMs: env.DB_POOL_WAIT_MS,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
  };
}

declare global {
  // Survives module reloads in development so one PGlite folder has one owner.
  var __rentacarDatabase: Promise<DatabaseHandle> | undefined;
}

/** Installs the process-wide database (done once by server.ts at start, or lazily from env). */
export function setDatabase(handle: Promise<DatabaseHandle>) {
  globalThis.__rentacarDatabase = handle;
}

export async function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!globalThis.__rentacarDatabase) {
    setDatabase(openDatabase(databaseOptionsFromEnv(getEnv())));
  }
  return globalThis.__rentacarDatabase!;
}

/** The process-wide database for loaders and actions. */
export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}
