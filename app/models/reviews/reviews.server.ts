/**
 * Reviews from drivers who returned the car (decision 034). The desk recording a return queues one invitation mail
 * in the same transaction (so exactly one per booking); its signed link opens the review form without signing in;
 * the booking's primary key makes it once per booking. The admin publishes or rejects each review (audited); the
 * results show a supplier's average at the place from the published ones.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { bookingEvents, bookings, reviews } from "#db/schema";
import { REVIEW_MARKS, type Language, type ReviewStatus } from "~/domain/enums";
import type { Executor } from "~/utils/db.server";
import { readSignedValue, signValue } from "~/utils/signing.server";
import { getTranslator } from "~/utils/i18n.server";
import { composeMail } from "~/utils/mail.server";
import { queueMail } from "~/utils/mail-outbox.server";
import { sqlState } from "~/utils/errors.server";
import { findBookingDetails, placeNames } from "~/models/booking/bookings.server";
import { bookingReference } from "~/models/booking/booking";
import { writeAudit, type Actor } from "~/models/audit/audit.server";
import { firstName, type ReviewValues } from "./review-form";

/** How long an invitation's link opens the form: the rental is still fresh in mind, and a link does not live forever. */
export const REVIEW_LINK_DAYS = 60;
const PURPOSE = "review";

/** The review form's address for a booking, valid REVIEW_LINK_DAYS from `now`. */
export function reviewPath(bookingId: string, now: Date): string {
  const until = Math.floor(now.getTime() / 1000) + REVIEW_LINK_DAYS * 86_400;
  return `/review/${signValue(PURPOSE, `${bookingId}.${until}`)}`;
}

/** The booking a review link names, or null: a link that was altered, or is past its time. */
export function readReviewToken(token: string, now: Date): string | null {
  const value = readSignedValue(PURPOSE, token);
  const match = value && /^([0-9a-f-]{36})\.(\d{1,12})$/.exec(value);
  if (!match || Number(match[2]) * 1000 < now.getTime()) return null;
  return match[1]!;
}

/**
 * The invitation to review, queued with the return (in the desk's transaction): who the supplier was and where, and
 * the link. Written in the driver's language.
 */
export async function queueReviewInvitation(tx: Executor, bookingId: string, origin: string, now: Date) {
  const details = await findBookingDetails(tx, { id: bookingId });
  if (!details) throw new Error(`no booking ${bookingId}`);
  const { driver } = details;
  const t = await getTranslator(driver.language, "mail");
  const place = placeNames(details, driver.language).pickup;
  const facts = { supplier: details.supplierName, place, reference: bookingReference(bookingId) };
  await queueMail(
    tx,
    composeMail({
      to: driver.email,
      language: driver.language,
      subject: t("review.subject", facts),
      greeting: t("greeting", { name: driver.fullName }),
      paragraphs: [t("review.body", { ...facts, car: details.car.name }), t("review.once", { days: REVIEW_LINK_DAYS })],
      action: { label: t("review.action"), url: `${origin}${reviewPath(bookingId, now)}` },
      signature: t("signature"),
    }),
  );
}

export type Reviewable =
  | { kind: "open"; facts: ReviewFacts }
  | { kind: "written"; facts: ReviewFacts }
  | { kind: "notReturned" }
  | { kind: "notFound" };

export interface ReviewFacts {
  bookingId: string;
  reference: string;
  car: string;
  supplier: string;
  place: string;
  /** What the form signs with by default. */
  authorName: string;
}

/** Whether the booking may be reviewed: it exists, its car was returned, and no review was written for it yet. */
export async function findReviewable(db: Executor, bookingId: string, language: Language): Promise<Reviewable> {
  const details = await findBookingDetails(db, { id: bookingId });
  if (!details) return { kind: "notFound" };
  const [returned] = await db
    .select({ id: bookingEvents.id })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.kind, "return")));
  if (!returned) return { kind: "notReturned" };
  const facts: ReviewFacts = {
    bookingId,
    reference: bookingReference(bookingId),
    car: details.car.name,
    supplier: details.supplierName,
    place: placeNames(details, language).pickup,
    authorName: firstName(details.driver.fullName),
  };
  const [written] = await db.select({ id: reviews.bookingId }).from(reviews).where(eq(reviews.bookingId, bookingId));
  return { kind: written ? "written" : "open", facts };
}

/**
 * Saves the driver's review of a returned booking, waiting for the admin. Once per booking: a second post (another
 * tab, a double click) is told it was written already and changes nothing.
 */
export async function writeReview(
  db: Executor,
  bookingId: string,
  values: ReviewValues,
  language: Language,
): Promise<{ ok: true } | { ok: false; reason: "written" | "notReturned" | "notFound" }> {
  const reviewable = await findReviewable(db, bookingId, language);
  if (reviewable.kind !== "open")
    return { ok: false, reason: reviewable.kind === "written" ? "written" : reviewable.kind };
  const [booking] = await db
    .select({
      supplierId: bookings.supplierId,
      locationId: bookings.pickupLocationId,
      driverId: bookings.driverId,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  try {
    const inserted = await db
      .insert(reviews)
      .values({ bookingId, ...booking!, ...values, language })
      .onConflictDoNothing()
      .returning({ id: reviews.bookingId });
    return inserted.length ? { ok: true } : { ok: false, reason: "written" };
  } catch (error) {
    if (sqlState(error) === "23505") return { ok: false, reason: "written" };
    throw error;
  }
}

/** The admin's list: reviews of one status, oldest first for the pending queue, newest first otherwise. */
export async function listReviews(db: Executor, status: ReviewStatus, limit = 50) {
  return db
    .select({
      bookingId: reviews.bookingId,
      authorName: reviews.authorName,
      staffMark: reviews.staffMark,
      conditionMark: reviews.conditionMark,
      valueMark: reviews.valueMark,
      queueMark: reviews.queueMark,
      text: reviews.text,
      language: reviews.language,
      status: reviews.status,
      createdAt: reviews.createdAt,
      supplier: sql<string>`(select u.full_name from users u where u.id = ${reviews.supplierId})`,
      place: sql<string>`(select l.name_en from locations l where l.id = ${reviews.locationId})`,
    })
    .from(reviews)
    .where(eq(reviews.status, status))
    .orderBy(status === "pending" ? asc(reviews.createdAt) : desc(reviews.createdAt))
    .limit(limit);
}

export async function countPendingReviews(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(reviews).where(eq(reviews.status, "pending"));
  return row?.value ?? 0;
}

/** Publishes or rejects a review (the admin's), audited; false when there is no such review or it already is so. */
export async function moderateReview(
  db: Executor,
  actor: Actor,
  bookingId: string,
  status: "published" | "rejected",
  now: Date,
): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(bookingId)) return false;
  const [before] = await db.select({ status: reviews.status }).from(reviews).where(eq(reviews.bookingId, bookingId));
  if (!before || before.status === status) return false;
  // Changed only from the status read: of two admins deciding at once, one changes it and is audited.
  const [changed] = await db
    .update(reviews)
    .set({ status, moderatedAt: now })
    .where(and(eq(reviews.bookingId, bookingId), eq(reviews.status, before.status)))
    .returning({ supplierId: reviews.supplierId });
  if (!changed) return false;
  await writeAudit(db, actor, {
    record: "review",
    recordId: bookingId,
    supplierId: changed.supplierId,
    action: status === "published" ? "publish" : "reject",
    label: bookingReference(bookingId),
    changes: { status: { from: before.status, to: status } },
  });
  return true;
}

/** The marks' sum of a review row, as SQL: a place's average is the sum over its reviews / (4 × their count). */
export const marksSumSql = sql<number>`(${sql.join(
  REVIEW_MARKS.map((name) => sql`${reviews[name]}`),
  sql` + `,
)})`;
