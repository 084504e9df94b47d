import { and, gt, inArray } from "drizzle-orm";
import { bookings } from "#db/schema";
import { HOLDING_STATUSES } from "~/domain/enums";

/**
 * Bookings still to come: holding (not cancelled) and not over at `now`. One definition for what a suspension or a
 * retirement says it leaves as it is (issue 50).
 */
export const toComeAt = (now: Date) => and(inArray(bookings.status, [...HOLDING_STATUSES]), gt(bookings.endsAt, now));
