/**
 * Work a request starts and does not wait for, so that its answer neither waits on a gateway or a mail nor tells by
 * its timing what the work found (find my booking). The work is on record before it starts (a refund owed, a mail
 * queued) or harmless to lose; a failure is logged. One set per process, shared by server.ts's bundle and the app's,
 * so a graceful stop lets the work finish (within SHUTDOWN_TIMEOUT_MS) and tests can wait for it.
 */
import { logError } from "./errors.server";

declare global {
  var __rentacarWorkAfterAnswer: Set<Promise<void>> | undefined;
}
const inFlight = (globalThis.__rentacarWorkAfterAnswer ??= new Set<Promise<void>>());

/** Starts `work` without waiting for it; resolves once it is done, never rejects. */
export function afterAnswer(scope: string, doing: string, work: () => Promise<unknown>): Promise<void> {
  const running = (async () => {
    try {
      await work();
    } catch (error) {
      logError(scope, error, doing);
    }
  })();
  inFlight.add(running);
  void running.finally(() => inFlight.delete(running));
  return running;
}

/** Resolves once every piece of work started by `afterAnswer` so far is done. */
export async function workAfterAnswerDone(): Promise<void> {
  while (inFlight.size) await Promise.all([...inFlight]);
}
