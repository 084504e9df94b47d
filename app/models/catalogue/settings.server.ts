import { eq } from "drizzle-orm";
import { settings } from "#db/schema";
import type { Executor } from "~/utils/db.server";

export type BusinessSettings = typeof settings.$inferSelect;

/** The single settings row (created by migration); defaults if it was removed by hand. */
export async function getBusinessSettings(db: Executor): Promise<BusinessSettings> {
  const [row] = await db.select().from(settings).where(eq(settings.id, 1));
  return row ?? { id: 1, minPickupHours: 1, minRentalHours: 1, earliestHour: 0, latestHour: 23 };
}
