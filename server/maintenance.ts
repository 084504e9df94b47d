import { purgeOldSignIns } from "~/models/account/sign-ins.server";
import { releaseExpiredHolds } from "~/models/booking/bookings.server";
import { recountStaleDayFigures } from "~/models/overview/day-figures.server";
import { mergeDeskMoments } from "~/models/overview/desk-counts.server";
import { advanceIdleFloors } from "~/models/overview/idle-cars.server";
import { advanceCarEarnings } from "~/models/overview/top-earners.server";
import { refundOwedPayments } from "~/models/payments/payments.server";
import type { Database } from "~/utils/db.server";
import { configuredOrigin } from "~/utils/origin.server";
import { purgeSentMail } from "~/utils/mail-outbox.server";
import { purgeExpiredRateLimits } from "~/utils/rate-limit.server";
import { purgeExpiredSessions } from "~/utils/session.server";
import { purgeHeldLicenses } from "~/utils/uploads.server";

const HOUR_MS = 60 * 60 * 1000;
/**
 * Abandoned payments free their car within this long even if nobody tries to book it (a booking releases at once),
 * refunds owed are retried on this beat (each payment keeps its own back-off in `next_refund_at`), and the business's
 * figures per day are recounted for the days changed since (decision 050; readers count those live meanwhile), and
 * the idle floors of cars whose rentals started since are raised (migration 0045; a floor too low costs a probe) and
 * the desk's quarter hours added to since are merged (migration 0046; readers sum the rows meanwhile).
 */
const PAYMENTS_BEAT_MS = 60 * 1000;

/**
 * Hourly clean-up of ended sessions, sign-ins older than their history keeps, rate-limit windows, long-delivered mail and licences held for checkouts never
 * booked; idempotent, so every instance may run it.
 */
export function scheduleMaintenance(db: Database, log: (message: string) => void): () => void {
  const run = async () => {
    try {
      await purgeExpiredSessions();
      await purgeOldSignIns(db);
      await purgeExpiredRateLimits(db);
      await purgeSentMail(db);
      await purgeHeldLicenses();
    } catch (error) {
      log(`maintenance failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // Each step on its own: one failing (a statement timing out) never skips the others.
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      log(`${what} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const payments = async () => {
    await attempt("payment upkeep", async () => {
      const released = await releaseExpiredHolds(db, new Date());
      if (released) log(`released ${released} expired payment hold(s)`);
      const refunded = await refundOwedPayments(db, configuredOrigin());
      if (refunded) log(`refunded ${refunded} payment(s) owed back`);
    });
    await attempt("figures per day recount", async () => void (await recountStaleDayFigures(db)));
    await attempt("idle floors upkeep", async () => void (await advanceIdleFloors(db)));
    await attempt("car earnings upkeep", async () => void (await advanceCarEarnings(db)));
    await attempt("desk quarter hours merge", async () => void (await mergeDeskMoments(db)));
  };
  const timer = setInterval(() => void run(), HOUR_MS);
  const paymentsTimer = setInterval(() => void payments(), PAYMENTS_BEAT_MS);
  timer.unref();
  paymentsTimer.unref();
  void run();
  void payments();
  return () => {
    clearInterval(timer);
    clearInterval(paymentsTimer);
  };
}
