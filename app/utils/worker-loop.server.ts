/**
 * The background work of an app instance (decision 020): the mail outbox and the fleet imports (decision 027) each run
 * as a loop here, claiming their rows in the database (FOR UPDATE SKIP LOCKED and a claim that lapses), so any number
 * of instances share the work and a restarted one carries on. No queue of its own: the rows are the queue.
 */
import { describeErrorBriefly } from "./errors.server";

export type WorkerName = "mail" | "fleetImport" | "operatorDigest";

declare global {
  // server.ts's bundle runs the loops, the routes' bundle queues the work: the wake-up calls are shared through here.
  var __rentacarWakeWorkers: Map<WorkerName, () => void> | undefined;
}

/** Asks this instance's loop to look for work soon rather than at its next poll (no-op where no loop runs). */
export function wakeWorker(name: WorkerName): void {
  globalThis.__rentacarWakeWorkers?.get(name)?.();
}

export interface WorkerLoop {
  /** Stops polling, lets the pass under way end, and resolves once it has. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` now, every `pollMs`, and soon after `wakeWorker(name)`; one pass at a time, another straight after when
 * `pass` answers that more work waits. `stopping()` lets a long pass end between two of its steps.
 */
export function startWorkerLoop(
  name: WorkerName,
  pass: (stopping: () => boolean) => Promise<boolean>,
  { pollMs = 5_000, log = console.error }: { pollMs?: number; log?: (line: string) => void } = {},
): WorkerLoop {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const stopping = () => stopped;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        do {
          again = false;
          if (await pass(stopping)) again = true;
        } while (again && !stopped);
      } catch (error) {
        // A failed query's message lists its parameters (addresses, names): the log gets the SQL only.
        log(`[${name}] pass failed: ${describeErrorBriefly(error)}`);
      } finally {
        running = null;
      }
    })();
  };
  const timer = setInterval(run, pollMs);
  timer.unref();
  const wakers = (globalThis.__rentacarWakeWorkers ??= new Map());
  wakers.set(name, () => setTimeout(run, 100).unref());
  run();
  return {
    async stop() {
      stopped = true;
      wakers.delete(name);
      clearInterval(timer);
      await running;
    },
  };
}
