/** The signed-in user's own profile (settings page): every function takes the user id from the session only. */
import { rowsOf } from "~/utils/sql.server";
import { eq, sql } from "drizzle-orm";
import { users } from "#db/schema";
import { type Language } from "~/domain/enums";
import { getDb, type Executor } from "~/utils/db.server";
import { readStoredUpload, removeStoredUpload } from "~/utils/uploads.server";
import type { ProfileInput } from "./account-forms";

export async function findProfile(db: Executor, userId: string) {
  const [row] = await db
    .select({
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      location: users.location,
      bio: users.bio,
      birthDate: users.birthDate,
      language: users.language,
      enableEmailNotifications: users.enableEmailNotifications,
      avatar: users.avatar,
      driverLicense: users.driverLicense,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function updateProfile(db: Executor, userId: string, input: ProfileInput): Promise<void> {
  await db
    .update(users)
    .set({
      fullName: input.fullName,
      phone: input.phone ?? null,
      location: input.location ?? null,
      bio: input.bio ?? null,
      birthDate: input.birthDate ?? null,
      language: input.language as Language,
      enableEmailNotifications: input.enableEmailNotifications === "on",
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

type FileColumn = "avatar" | "driverLicense";
const FILES = {
  avatar: { column: "avatar", kind: "avatar" },
  driverLicense: { column: "driver_license", kind: "license" },
} as const;

/** Points the user's avatar or licence at a newly stored file (or none) and deletes the file it replaces. */
export async function replaceUserFile(
  db: Executor,
  userId: string,
  file: FileColumn,
  name: string | null,
): Promise<void> {
  const column = sql.identifier(FILES[file].column);
  // One statement reads the old name under a row lock and writes the new one, so two uploads cannot both keep theirs.
  const [row] = await rowsOf<{ name: string | null }>(
    db,
    sql`
    with previous as (select ${column} as name from users where id = ${userId} for update)
    update users set ${column} = ${name}, updated_at = now() from previous where users.id = ${userId}
    returning previous.name`,
  );
  const previous = row?.name ?? null;
  if (previous && previous !== name) await removeStoredUpload(FILES[file].kind, previous);
}

/**
 * A response with the user's own avatar or licence (404 when there is none). Private caching only; a PDF is
 * offered as a download and runs in a sandbox, so a hostile document cannot act as this site.
 */
export async function serveOwnUpload(userId: string, file: FileColumn): Promise<Response> {
  const db = await getDb();
  const [row] = await db.select({ name: users[file] }).from(users).where(eq(users.id, userId));
  const stored = row?.name ? await readStoredUpload(FILES[file].kind, row.name) : null;
  if (!stored)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(stored.bytes), {
    headers: {
      "Content-Type": stored.contentType,
      "Content-Length": String(stored.bytes.length),
      // An identity document must not outlive the session in a shared browser's cache; the avatar is revalidated.
      "Cache-Control": file === "driverLicense" ? "private, no-store" : "private, no-cache",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
      "Content-Disposition":
        stored.contentType === "application/pdf" ? `attachment; filename="driver-licence.pdf"` : "inline",
    },
  });
}
