import { eq } from "drizzle-orm";
import { changingCatalog } from "./catalog-freshness.server";
import { settings } from "#db/schema";
import { fieldChanges } from "~/models/audit/audit";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import type { Database, Executor } from "~/utils/db.server";
import { perRequest, type RequestContext } from "~/utils/request-memo.server";
import type { PlatformSettings } from "./platform-form";

export type BusinessSettings = typeof settings.$inferSelect;

const DEFAULTS: BusinessSettings = {
  id: 1,
  minPickupHours: 1,
  minRentalHours: 1,
  earliestHour: 0,
  latestHour: 23,
  operatorsNeedTwoFactor: false,
  staffIdleHours: 12,
};

/** The platform's audit rows name this record: there is one platform. */
export const PLATFORM_RECORD_ID = "00000000-0000-0000-0000-000000000000";

const settingsOfRequest = perRequest<BusinessSettings>();

/** The settings row, read once per request however many checks ask (the operators' idle time and sign-in rule). */
export const requestBusinessSettings = (context: RequestContext, db: Executor) =>
  settingsOfRequest(context, () => getBusinessSettings(db));

/** The single settings row (created by migration); defaults if it was removed by hand. */
export async function getBusinessSettings(db: Executor): Promise<BusinessSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row ?? DEFAULTS;
}

/** The admin's platform settings, saved with their audit row (what changed, from and to, and who changed it). */
export async function savePlatformSettings(db: Database, actor: Actor, values: PlatformSettings): Promise<void> {
  await changingCatalog(
    db,
    db.transaction(async (tx) => {
      const before = await getBusinessSettings(tx);
      await tx
        .insert(settings)
        .values({ id: 1, ...values })
        .onConflictDoUpdate({ target: settings.id, set: values });
      const changes = fieldChanges({ ...before }, values);
      if (Object.keys(changes).length === 0) return;
      await writeAudit(tx, actor, {
        record: "platform",
        recordId: PLATFORM_RECORD_ID,
        supplierId: null,
        action: "update",
        label: "platform",
        changes,
      });
    }),
  );
}
