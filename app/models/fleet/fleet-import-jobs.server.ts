/**
 * A fleet file's import as a job (decision 027): the operator's post stores the file and answers at once; the app's
 * background worker (the loop that delivers the outbox, one per instance) reads the whole file, refuses it with every
 * problem named or writes it in batches. Each batch commits with the job's progress, under the job's claim, so a
 * restarted or second instance carries on from the last committed batch and no batch is written twice.
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { fleetImports } from "#db/schema";
import type { Database, DatabaseHandle, Executor } from "~/utils/db.server";
import { describeErrorBriefly } from "~/utils/errors.server";
import { forgetCatalog } from "~/models/catalogue/catalog-freshness.server";
import { startWorkerLoop, wakeWorker, type WorkerLoop } from "~/utils/worker-loop.server";
import type { Actor } from "~/models/audit/audit.server";
import { readFleetFileInTurns, type FleetProblem } from "./fleet-file";
import { resolvePlaceCodes, writeFleetBatch } from "./fleet-import.server";

/**
 * Cars written per transaction, and a pause between two: on PostgreSQL a batch holds one pooled connection of many;
 * embedded PGlite runs one transaction at a time for the whole app, so its batches are short and a page's queries
 * waiting behind one get their turn before the next (`bench/fleet-import.ts` measures what they waited).
 */
export const FLEET_IMPORT_PACE = {
  postgres: { batchSize: 500, pauseMs: 0 },
  pglite: { batchSize: 100, pauseMs: 25 },
} as const;
type Pace = { batchSize: number; pauseMs: number };
/** A worker's claim; renewed by every batch, so it lapses only when the worker has stopped. */
export const FLEET_IMPORT_CLAIM_MS = 60_000;
/** Claims of one job before it is given up (a restart mid-way counts as one). */
export const FLEET_IMPORT_MAX_ATTEMPTS = 5;
/** Problems kept on a refused job; the page says how many more there were. */
const KEPT_PROBLEMS = 500;

export type FleetImportJob = typeof fleetImports.$inferSelect;
export type FleetImportView = Omit<FleetImportJob, "content" | "actor"> & { actorName: string };

/** Stores a posted file as a queued job and wakes this instance's worker; answers the job's id. */
export async function queueFleetImport(
  db: Executor,
  actor: Actor,
  supplierId: string,
  file: { name: string; text: string },
): Promise<string> {
  const [job] = await db
    .insert(fleetImports)
    .values({
      supplierId,
      actor: {
        id: actor.id,
        role: actor.role,
        fullName: actor.fullName,
        staffRole: actor.staffRole ?? null,
        supplierId: actor.supplierId ?? null,
      },
      fileName: file.name.slice(0, 200),
      content: file.text,
    })
    .returning({ id: fleetImports.id });
  wakeWorker("fleetImport");
  return job!.id;
}

const viewColumns = {
  id: fleetImports.id,
  supplierId: fleetImports.supplierId,
  actorName: sql<string>`${fleetImports.actor} ->> 'fullName'`,
  fileName: fleetImports.fileName,
  status: fleetImports.status,
  rowCount: fleetImports.rowCount,
  processed: fleetImports.processed,
  added: fleetImports.added,
  updated: fleetImports.updated,
  unchanged: fleetImports.unchanged,
  problems: fleetImports.problems,
  problemCount: fleetImports.problemCount,
  attempts: fleetImports.attempts,
  lockedUntil: fleetImports.lockedUntil,
  lastError: fleetImports.lastError,
  createdAt: fleetImports.createdAt,
  startedAt: fleetImports.startedAt,
  finishedAt: fleetImports.finishedAt,
};

/** One job as its page shows it (never the file itself); null when there is none (or the id is not one). */
export async function findFleetImport(db: Executor, id: string): Promise<FleetImportView | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const [job] = await db.select(viewColumns).from(fleetImports).where(eq(fleetImports.id, id));
  return job ?? null;
}

/** The latest imports of the given suppliers (all suppliers: null), newest first. */
export async function recentFleetImports(
  db: Executor,
  supplierId: string | null,
  limit = 5,
): Promise<FleetImportView[]> {
  return db
    .select(viewColumns)
    .from(fleetImports)
    .where(supplierId ? eq(fleetImports.supplierId, supplierId) : undefined)
    .orderBy(desc(fleetImports.createdAt), desc(fleetImports.id))
    .limit(limit);
}

/** Takes the oldest job no live worker holds, counting the attempt; null when none waits. */
async function claimFleetImport(db: Database, now: Date): Promise<FleetImportJob | null> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: fleetImports.id })
      .from(fleetImports)
      .where(
        and(
          inArray(fleetImports.status, ["queued", "running"]),
          or(isNull(fleetImports.lockedUntil), lt(fleetImports.lockedUntil, now)),
        ),
      )
      .orderBy(asc(fleetImports.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    if (!due) return null;
    const [claimed] = await tx
      .update(fleetImports)
      .set({
        status: "running",
        attempts: sql`${fleetImports.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + FLEET_IMPORT_CLAIM_MS),
        startedAt: sql`coalesce(${fleetImports.startedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(fleetImports.id, due.id))
      .returning();
    return claimed ?? null;
  });
}

/** The job's claim passed to another worker (this one was stopped longer than the claim): its batch is rolled back. */
class ClaimLost extends Error {}

/** Ends a job this worker holds (refused, done or failed); the file is dropped, the outcome kept. */
async function finish(db: Executor, job: FleetImportJob, outcome: Partial<FleetImportJob>) {
  await db
    .update(fleetImports)
    .set({ ...outcome, content: null, lockedUntil: null, finishedAt: new Date() })
    .where(and(eq(fleetImports.id, job.id), eq(fleetImports.status, "running")));
}

const refuse = (db: Executor, job: FleetImportJob, problems: FleetProblem[]) =>
  finish(db, job, { status: "refused", problems: problems.slice(0, KEPT_PROBLEMS), problemCount: problems.length });

/**
 * Runs one claimed job to its end, or until `stopping()` (its claim then released for the next start). The file is
 * read whole first: a file with any problem writes nothing.
 */
export async function runFleetImport(
  db: Database,
  job: FleetImportJob,
  { stopping = () => false, pace = FLEET_IMPORT_PACE.postgres }: { stopping?: () => boolean; pace?: Pace } = {},
): Promise<void> {
  const { batchSize, pauseMs } = pace;
  if (job.attempts > FLEET_IMPORT_MAX_ATTEMPTS) {
    await finish(db, job, { status: "failed" });
    return;
  }
  const reading = await readFleetFileInTurns(job.content ?? "");
  if (reading.problems.length) return refuse(db, job, reading.problems);
  const { places, problems } = await resolvePlaceCodes(db, reading.rows);
  if (problems.length) return refuse(db, job, problems);
  const actor: Actor = job.actor;
  let offset = job.processed;
  if (job.rowCount !== reading.rows.length)
    await db.update(fleetImports).set({ rowCount: reading.rows.length }).where(eq(fleetImports.id, job.id));
  while (offset < reading.rows.length) {
    if (stopping()) {
      await db.update(fleetImports).set({ lockedUntil: null }).where(eq(fleetImports.id, job.id));
      return;
    }
    const batch = reading.rows.slice(offset, offset + batchSize);
    await db.transaction(async (tx) => {
      const counts = await writeFleetBatch(tx, actor, job.supplierId, batch, places);
      const [moved] = await tx
        .update(fleetImports)
        .set({
          processed: offset + batch.length,
          added: sql`${fleetImports.added} + ${counts.added}`,
          updated: sql`${fleetImports.updated} + ${counts.updated}`,
          unchanged: sql`${fleetImports.unchanged} + ${counts.unchanged}`,
          lockedUntil: new Date(Date.now() + FLEET_IMPORT_CLAIM_MS),
        })
        // Only from where this worker left it: a worker that took the job over has moved the mark.
        .where(and(eq(fleetImports.id, job.id), eq(fleetImports.processed, offset), eq(fleetImports.status, "running")))
        .returning({ id: fleetImports.id });
      if (!moved) throw new ClaimLost();
    });
    offset += batch.length;
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  await finish(db, job, { status: "done" });
  // A new supplier's first cars, or a place's: this instance's storefront counts them from its next page.
  forgetCatalog(db);
}

/**
 * One pass of the worker: claims and runs the oldest waiting job; answers whether it found one (more may wait). A job
 * whose batch the database refused is tried again after a pause, and given up after its last attempt.
 */
export async function runNextFleetImport(
  db: Database,
  {
    stopping = () => false,
    now = new Date(),
    log = console.error,
    pace,
  }: { stopping?: () => boolean; now?: Date; log?: (line: string) => void; pace?: Pace } = {},
): Promise<boolean> {
  const job = await claimFleetImport(db, now);
  if (!job) return false;
  try {
    await runFleetImport(db, job, { stopping, pace });
  } catch (error) {
    if (error instanceof ClaimLost) return true;
    const reason = describeErrorBriefly(error);
    log(`[fleetImport] ${job.id}: attempt ${job.attempts} failed: ${reason}`);
    // Tried again once the pause (a growing share of the claim) has passed.
    await db
      .update(fleetImports)
      .set({ lastError: reason, lockedUntil: new Date(Date.now() + 5_000 * 2 ** job.attempts) })
      .where(eq(fleetImports.id, job.id));
  }
  return true;
}

/** Runs every waiting job to its end (tests and scripts; the worker does this on its own). */
export async function drainFleetImports(db: Database, options: Parameters<typeof runNextFleetImport>[1] = {}) {
  while (await runNextFleetImport(db, options));
}

/** This instance's import worker: polls, and wakes as soon as a file is posted here. */
export function startFleetImportWorker(
  handle: Pick<DatabaseHandle, "db" | "engine">,
  { pollMs = 5_000, log = console.error }: { pollMs?: number; log?: (line: string) => void } = {},
): WorkerLoop {
  const pace = FLEET_IMPORT_PACE[handle.engine];
  return startWorkerLoop("fleetImport", (stopping) => runNextFleetImport(handle.db, { stopping, log, pace }), {
    pollMs,
    log,
  });
}
