/**
 * Availability blocks (decision 027): a car taken off the road for a period. The database refuses a block over a
 * booking that holds the car (car_occupancy's exclusion constraint, SQLSTATE 23P01), as it refuses two overlapping
 * bookings; the refusal names the bookings in the way. Search leaves a blocked car out of the period's results, and a
 * checkout or amendment into a block is refused by the same constraint.
 */
import { and, asc, eq, gt, lt, lte, sql } from "drizzle-orm";
import { bookings, carBlocks } from "#db/schema";
import { HOLDING_STATUSES } from "~/domain/enums";
import { bookingReference } from "~/models/booking/booking";
import type { Database } from "~/utils/db.server";
import { isCarTaken } from "~/utils/errors.server";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import type { BlockFormValue } from "./block-form";
import { insertedRow } from "~/utils/sql.server";

type BlockedCar = { id: string; supplierId: string; name: string; licensePlate: string };

export type AddBlockResult =
  | { ok: true; blockId: string }
  | { ok: false; reason: "bookings"; references: string[] }
  | { ok: false; reason: "blocked" };

export async function addBlock(
  db: Database,
  actor: Actor,
  car: BlockedCar,
  block: BlockFormValue,
): Promise<AddBlockResult> {
  try {
    return await db.transaction(async (tx) => {
      // A car out past its drop-off is still the driver's until its return is recorded (decision 040).
      const overdue = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.carId, car.id),
            eq(bookings.rentalState, "out"),
            lte(bookings.endsAt, sql`now()`),
            lt(bookings.endsAt, block.to),
          ),
        );
      if (overdue.length)
        return {
          ok: false as const,
          reason: "bookings" as const,
          references: overdue.map((row) => bookingReference(row.id)),
        };
      const created = insertedRow(
        await tx
          .insert(carBlocks)
          .values({
            carId: car.id,
            startsAt: block.from,
            endsAt: block.to,
            reason: block.reason,
            note: block.note,
            createdBy: actor.id,
          })
          .returning({ id: carBlocks.id }),
      );
      await writeAudit(tx, actor, {
        record: "car",
        recordId: car.id,
        supplierId: car.supplierId,
        action: "block",
        label: `${car.name} (${car.licensePlate})`,
        changes: {
          block: {
            from: null,
            to: { from: block.from.toISOString(), to: block.to.toISOString(), reason: block.reason, note: block.note },
          },
        },
      });
      return { ok: true as const, blockId: created.id };
    });
  } catch (error) {
    if (!isCarTaken(error)) throw error;
    // Name what is in the way: the bookings that hold the car in that period (else another block).
    const holding = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.carId, car.id),
          lt(bookings.startsAt, block.to),
          gt(bookings.endsAt, block.from),
          sql`${bookings.status} in (${sql.join(
            HOLDING_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})`,
        ),
      )
      .orderBy(asc(bookings.startsAt))
      .limit(10);
    return holding.length
      ? { ok: false, reason: "bookings", references: holding.map((row) => bookingReference(row.id)) }
      : { ok: false, reason: "blocked" };
  }
}

/** Puts a car back on the road for a block's period; false when the block is not this car's. */
export async function removeBlock(db: Database, actor: Actor, car: BlockedCar, blockId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(blockId)) return false;
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(carBlocks)
      .where(and(eq(carBlocks.id, blockId), eq(carBlocks.carId, car.id)))
      .returning();
    if (!removed) return false;
    await writeAudit(tx, actor, {
      record: "car",
      recordId: car.id,
      supplierId: car.supplierId,
      action: "unblock",
      label: `${car.name} (${car.licensePlate})`,
      changes: {
        block: {
          from: {
            from: removed.startsAt.toISOString(),
            to: removed.endsAt.toISOString(),
            reason: removed.reason,
            note: removed.note,
          },
          to: null,
        },
      },
    });
    return true;
  });
}
