/**
 * The audit trail (decision 027): every change an operator makes is one row of `audit_log`, written in the same
 * transaction as the change by the model that makes it, and shown on the record's page. Rows are never updated or
 * deleted, so what an operator removes leaves its trace.
 */
import { and, desc, eq } from "drizzle-orm";
import { auditLog } from "#db/schema";
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
  await tx.insert(auditLog).values({
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
  });
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

/** A record's trail, newest first (the record's page shows it). */
export async function recordTrail(db: Executor, record: AuditedRecord, recordId: string, limit = 50) {
  return db
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
    .where(and(eq(auditLog.record, record), eq(auditLog.recordId, recordId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}
export type TrailEntry = Awaited<ReturnType<typeof recordTrail>>[number];
