/**
 * The audit trail (decision 027): every change an operator makes is one row of `audit_log`, written in the same
 * transaction as the change by the model that makes it, and shown on the record's page. Rows are never updated or
 * deleted, so what an operator removes leaves its trace.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { auditLog, countries, locations } from "#db/schema";
import { isUuid } from "~/domain/ids";
import type { AuditAction, AuditedRecord, StaffRole, UserRole } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import type { FieldChanges } from "./audit";
import { bookingReference } from "~/models/booking/booking";

export interface Actor {
  id: string;
  role: UserRole;
  fullName: string;
  /** A supplier's own account or a member of its team (decision 044): the supplier they act for, and their role. */
  supplierId?: string | null;
  staffRole?: StaffRole | null;
}

export interface AuditEntry {
  record: AuditedRecord;
  recordId: string;
  supplierId: string | null;
  action: AuditAction;
  label: string;
  changes?: FieldChanges;
}

export async function writeAudit(tx: Executor, actor: Actor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(auditRow(actor, entry));
}

/** An audit row as written, naming the person who acted and their role (for writers inserting many at once). */
export function auditRow(actor: Actor, entry: AuditEntry): typeof auditLog.$inferInsert {
  return {
    actorId: actor.id,
    actorName: actor.fullName,
    actorRole: actor.role,
    actorStaffRole: actor.role === "staff" ? (actor.staffRole ?? null) : null,
    record: entry.record,
    recordId: entry.recordId,
    supplierId: entry.supplierId,
    action: entry.action,
    label: entry.label,
    changes: entry.changes ?? {},
  };
}

/** A booking's audit row (its staff's changes, the desk's events): labelled by its reference, in its supplier's trail. */
export async function writeBookingAudit(
  tx: Executor,
  actor: Actor,
  booking: { id: string; supplierId: string },
  action: AuditAction,
  changes: FieldChanges,
): Promise<void> {
  await writeAudit(tx, actor, {
    record: "booking",
    recordId: booking.id,
    supplierId: booking.supplierId,
    action,
    label: bookingReference(booking.id),
    changes,
  });
}

/**
 * A record's trail, newest first (the record's page shows it), ids of places and countries given as their names;
 * several record names when one thing is audited under each (a team member's account and role).
 */
export async function recordTrail(
  db: Executor,
  record: AuditedRecord | readonly AuditedRecord[],
  recordId: string,
  limit = 50,
  /** Only the rows written on this supplier's records (a supplier reading a shared record's trail). */
  supplierId: string | null = null,
) {
  const records: AuditedRecord[] = typeof record === "string" ? [record] : [...record];
  const rows = await db
    .select({
      id: auditLog.id,
      actorName: auditLog.actorName,
      actorRole: auditLog.actorRole,
      actorStaffRole: auditLog.actorStaffRole,
      action: auditLog.action,
      changes: auditLog.changes,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .where(
      and(
        inArray(auditLog.record, records),
        eq(auditLog.recordId, recordId),
        supplierId ? eq(auditLog.supplierId, supplierId) : undefined,
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return withNamesForIds(db, rows);
}
export type TrailEntry = Awaited<ReturnType<typeof recordTrail>>[number];

/** Fields that hold the id of a row with a name in every language, and that row's table. */
const NAMED_ID_FIELDS = { countryId: countries, parentId: locations } as const;

/**
 * The trail with each id of NAMED_ID_FIELDS replaced by that row's names ({ en, fr, es }, which the page reads in
 * its language): a country's uuid means nothing to the reader. An id whose row is gone stays as it is.
 */
async function withNamesForIds<Row extends { changes: FieldChanges }>(db: Executor, rows: Row[]): Promise<Row[]> {
  const names = new Map<string, { en: string; fr: string; es: string }>();
  for (const [field, table] of Object.entries(NAMED_ID_FIELDS)) {
    const ids = new Set<string>();
    for (const row of rows)
      for (const value of [row.changes[field]?.from, row.changes[field]?.to])
        if (typeof value === "string" && isUuid(value)) ids.add(value);
    if (!ids.size) continue;
    const found = await db
      .select({ id: table.id, en: table.nameEn, fr: table.nameFr, es: table.nameEs })
      .from(table)
      .where(inArray(table.id, [...ids]));
    for (const { id, ...name } of found) names.set(id, name);
  }
  if (!names.size) return rows;
  const named = (value: unknown) => (typeof value === "string" ? (names.get(value) ?? value) : value);
  return rows.map((row) => ({
    ...row,
    changes: Object.fromEntries(
      Object.entries(row.changes).map(([field, change]) =>
        field in NAMED_ID_FIELDS ? [field, { from: named(change.from), to: named(change.to) }] : [field, change],
      ),
    ),
  }));
}
