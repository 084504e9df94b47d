/** The rental lifecycle's state of a booking (decision 040), as the desk's events wrote it on the booking. */
import { eq } from "drizzle-orm";
import { bookings } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import type { RentalState } from "./rental-lifecycle";

/** Read under the booking's row lock by callers that act on it, so a hand-over cannot slip in between. */
export async function rentalStateFor(db: Executor, bookingId: string): Promise<RentalState> {
  const [row] = await db.select({ rentalState: bookings.rentalState }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.rentalState ?? "notOut";
}
