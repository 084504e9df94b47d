import type { Database } from "~/utils/db.server";
import { purgeExpiredRateLimits } from "~/utils/rate-limit.server";
import { purgeExpiredSessions } from "~/utils/session.server";

const HOUR_MS = 60 * 60 * 1000;

/** Hourly clean-up of ended sessions and rate-limit windows; idempotent, so every instance may run it. */
export function scheduleMaintenance(db: Database, log: (message: string) => void): () => void {
  const run = async () => {
    try {
      await purgeExpiredSessions();
      await purgeExpiredRateLimits(db);
    } catch (error) {
      log(`maintenance failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => void run(), HOUR_MS);
  timer.unref();
  void run();
  return () => clearInterval(timer);
}
