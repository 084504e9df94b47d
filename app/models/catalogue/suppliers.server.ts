/** The rental companies shown on /suppliers, the home page and the search filters. */
import { asc, eq, sql } from "drizzle-orm";
import { cars, supplierSettings, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { carOnOffer } from "~/models/search/offer-conditions.server";

export interface SupplierSummary {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  carCount: number;
  /** How long after an airport desk closes it still meets a late flight (decision 031); 0 when it does not. */
  lateFlightMinutes: number;
}

/** Suppliers that are not suspended, with how many offerable cars each has. */
export async function listSuppliers(db: Executor): Promise<SupplierSummary[]> {
  const rows = await db
    .select({
      id: users.id,
      slug: supplierSettings.slug,
      name: users.fullName,
      logo: supplierSettings.logo,
      carCount: sql<number>`count(${cars.id}) filter (where ${carOnOffer})`.mapWith(Number),
      lateFlightMinutes:
        sql<number>`case when ${supplierSettings.afterHoursForFlights} then ${supplierSettings.flightGraceMinutes} else 0 end`.mapWith(
          Number,
        ),
    })
    .from(supplierSettings)
    .innerJoin(users, eq(users.id, supplierSettings.supplierId))
    .leftJoin(cars, eq(cars.supplierId, users.id))
    .where(eq(users.blacklisted, false))
    .groupBy(users.id, supplierSettings.supplierId)
    .orderBy(asc(users.fullName));
  return rows;
}
