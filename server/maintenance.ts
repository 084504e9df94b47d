import { purgeExpiredHolds } from "~/models/bookings.server";
import type { Database } from "~/utils/db.server";
import { purgeExpiredRateLimits } from "~/utils/rate-limit.server";
import { purgeExpiredSessions } from "~/utils/session.server";

const HOUR_MS = 60 * 60 * 1000;
/** Abandoned payments free their car within this long even if nobody tries to book it (a booking purges at once). */
const HOLD_PURGE_MS = 5 * 60 * 1000;

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
  const purgeHolds = async () => {
    try {
      const purged = await purgeExpiredHolds(db, new Date());
      if (purged) log(`released ${purged} expired payment hold(s)`);
    } catch (error) {
      log(`releasing expired payment holds failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => void run(), HOUR_MS);
  const holdsTimer = setInterval(() => void purgeHolds(), HOLD_PURGE_MS);
  timer.unref();
  holdsTimer.unref();
  void run();
  void purgeHolds();
  return () => {
    clearInterval(timer);
    clearInterval(holdsTimer);
  };
}
