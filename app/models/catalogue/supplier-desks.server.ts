/**
 * The desks a supplier runs (decision 048): at the places an admin gave it, the supplier's owner keeps the desk's
 * kind, address, phone and weekly hours; the place itself (names, position, zone, parent, parking, airport) stays
 * the admin's. A change is audited on the place's trail and on the supplier's (its id on the row), the catalogue is
 * recounted at once, and, as on the admin's page, nothing is cancelled: the page lists the supplier's bookings to
 * come that the new hours leave outside, for staff to call the drivers.
 */
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { locations, users } from "#db/schema";
import { isWeeklyHours } from "~/domain/pickup-desk";
import { fieldChanges } from "~/models/audit/audit";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import type { Database, Executor } from "~/utils/db.server";
import { changingCatalog } from "./catalog-freshness.server";
import { weeklyHoursOf, type DeskFormValue } from "./place-form";

const deskColumns = {
  id: locations.id,
  slug: locations.slug,
  nameEn: locations.nameEn,
  nameFr: locations.nameFr,
  nameEs: locations.nameEs,
  timeZone: locations.timeZone,
  deskKind: locations.deskKind,
  address: locations.address,
  phone: locations.phone,
  openingHours: locations.openingHours,
  // The supplier's own id (the inner join's), so it is never null here.
  deskSupplierId: users.id,
  supplierName: users.fullName,
};

/** The desks `supplierId` runs, by place name; null: every desk a supplier runs (an admin's view). */
export async function desksRunBy(db: Executor, supplierId: string | null) {
  return db
    .select(deskColumns)
    .from(locations)
    .innerJoin(users, eq(users.id, locations.deskSupplierId))
    .where(supplierId ? eq(locations.deskSupplierId, supplierId) : isNotNull(locations.deskSupplierId))
    .orderBy(asc(locations.nameEn));
}

/** One desk a supplier runs, or null (no such place, or its desk is the platform's). */
export async function findRunDesk(db: Executor, placeId: string) {
  if (!/^[0-9a-f-]{36}$/i.test(placeId)) return null;
  const [row] = await db
    .select(deskColumns)
    .from(locations)
    .innerJoin(users, eq(users.id, locations.deskSupplierId))
    .where(eq(locations.id, placeId));
  return row ?? null;
}
export type RunDesk = NonNullable<Awaited<ReturnType<typeof findRunDesk>>>;

const auditedDesk = (desk: {
  deskKind: string | null;
  address: string | null;
  phone: string | null;
  openingHours: unknown;
}) => ({
  deskKind: desk.deskKind,
  address: desk.address,
  phone: desk.phone,
  openingHours: isWeeklyHours(desk.openingHours) ? desk.openingHours : null,
});

/**
 * Saves the desk's part of `desk`'s place from the supplier's form, audited; false when the supplier no longer runs
 * it (an admin gave the desk to another in between: nothing is written).
 */
export async function saveRunDesk(db: Database, actor: Actor, desk: RunDesk, form: DeskFormValue): Promise<boolean> {
  return changingCatalog(
    db,
    db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(locations)
        .where(and(eq(locations.id, desk.id), eq(locations.deskSupplierId, desk.deskSupplierId)))
        .for("update");
      if (!current) return false;
      const after = {
        deskKind: form.deskKind,
        address: form.address,
        phone: form.phone,
        openingHours: weeklyHoursOf(form),
      };
      const changes = fieldChanges(auditedDesk(current), after);
      if (!Object.keys(changes).length) return true;
      await tx.update(locations).set(after).where(eq(locations.id, desk.id));
      await writeAudit(tx, actor, {
        record: "location",
        recordId: desk.id,
        supplierId: desk.deskSupplierId,
        action: "update",
        label: `${current.nameEn} (${current.slug})`,
        changes,
      });
      return true;
    }),
  );
}
