/**
 * A driver's licence received with a checkout that is shown again (a field to correct, "Update total", a young-driver
 * fee quoted on the birth date): a browser without JavaScript empties the file field of the page it shows next, so
 * the file is kept for the attempt ("licence.png received — choose another to replace it") and the next "Book" uses
 * it. The page carries a signed reference, never a path: no one can name another attempt's file.
 */
import { eq } from "drizzle-orm";
import { bookings, users } from "#db/schema";
import type { Executor } from "~/utils/db.server";
import { readSignedValue, signValue } from "~/utils/signing.server";
import {
  HELD_LICENSE_KEPT_MS,
  isStoredName,
  transferStoredUpload,
  removeStoredUpload,
  storeLicense,
  type UploadProblem,
} from "~/utils/uploads.server";

export interface HeldLicense {
  /** The stored file (a random name). */
  name: string;
  /** What the driver's file was called, to say which one was received. */
  fileName: string;
}

const PURPOSE = "held-license";

/** The reference the page carries in a hidden field: the file, its name, and when it was received. */
export const heldLicenseToken = (held: HeldLicense, now = new Date()) =>
  signValue(PURPOSE, JSON.stringify({ ...held, at: now.getTime() }));

/** The held licence a post names, or null (none, a reference the server did not sign, or one kept too long). */
export function readHeldLicense(token: unknown, now = new Date()): HeldLicense | null {
  const value = readSignedValue(PURPOSE, token);
  if (!value) return null;
  try {
    const held = JSON.parse(value) as Partial<HeldLicense> & { at?: number };
    const fresh = typeof held.at === "number" && now.getTime() - held.at < HELD_LICENSE_KEPT_MS;
    return fresh && typeof held.name === "string" && isStoredName(held.name) && typeof held.fileName === "string"
      ? { name: held.name, fileName: held.fileName }
      : null;
  } catch {
    return null;
  }
}

/** A file's name as the page may show it: its last segment, printable, at most 80 characters. */
export function receivedFileName(file: Blob): string {
  const raw = "name" in file && typeof file.name === "string" ? file.name : "";
  const base = raw.split(/[\\/]/).pop() ?? "";
  const printable = [...base]
    .filter((char) => char >= " " && char !== "\u007f")
    .join("")
    .trim();
  return printable.slice(0, 80) || "licence";
}

/** Checks and keeps a newly received licence for the attempt, in place of the one held before. */
export async function holdLicense(
  file: Blob,
  previous: HeldLicense | null,
): Promise<{ ok: true; held: HeldLicense } | { ok: false; error: UploadProblem }> {
  const stored = await storeLicense(file, "heldLicense");
  if (!stored.ok) return stored;
  if (previous) await removeStoredUpload("heldLicense", previous.name);
  return { ok: true, held: { name: stored.name, fileName: receivedFileName(file) } };
}

/** The held licence becomes the booking's: its stored name, or null when it is gone (kept too long, purged). */
export async function bookHeldLicense(held: HeldLicense): Promise<string | null> {
  return (await transferStoredUpload("heldLicense", "license", held.name, "move")) ? held.name : null;
}

/**
 * A licence stored for a "Book" that was refused (the car taken, a declined card) is held for the next one: a copy,
 * since what that post committed may still name it (a signed-in driver's profile, a new account, the unpaid hold's
 * row); the original goes only when nothing does.
 */
export async function holdBookedLicense(db: Executor, name: string, fileName: string): Promise<HeldLicense | null> {
  if (!(await transferStoredUpload("license", "heldLicense", name, "copy"))) return null;
  const [byProfile] = await db.select({ id: users.id }).from(users).where(eq(users.driverLicense, name)).limit(1);
  const [byBooking] = byProfile
    ? [byProfile]
    : await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.driverLicense, name)).limit(1);
  if (!byBooking) await removeStoredUpload("license", name);
  return { name, fileName };
}
