/**
 * Uploaded files — avatars and driver licences. A file is judged by its bytes, never by its name or declared type;
 * images are decoded and re-encoded (which drops metadata such as GPS positions and anything smuggled after the
 * picture), and every file is stored under UPLOADS_DIR with a random name. Names taken from a request are only
 * used after they match the random-name pattern, so no request can reach another path.
 */
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { inflateSync } from "node:zlib";
import {
  data,
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
} from "@remix-run/node";
import sharp, { type Sharp } from "sharp";
import { getEnv } from "./env.server";

/**
 * `heldLicense`: a licence received with a checkout that was shown again (a field to correct, "Update total"), kept
 * for the next "Book" of that attempt, since a browser without JavaScript empties the file field; it becomes a
 * `license` when booked, and is deleted after HELD_LICENSE_KEPT_MS otherwise.
 */
export type UploadKind = "avatar" | "license" | "heldLicense" | "carImage" | "placeImage" | "supplierLogo" | "contract";

/**
 * Kinds anyone may fetch (a car's or a place's picture, a supplier's logo and rental contract); the others only their
 * owner.
 */
export const PUBLIC_UPLOADS = {
  cars: "carImage",
  places: "placeImage",
  logos: "supplierLogo",
  contracts: "contract",
} as const;

/** Translation keys (common namespace) of what can be wrong with an upload. */
export type UploadProblem =
  | "validation.imageRequired"
  | "validation.fileRequired"
  | "validation.imageType"
  | "validation.licenseType"
  | "validation.pdfType"
  | "validation.pdfActiveContent"
  | "validation.fileTooLarge"
  | "validation.fileUnreadable";

export type SniffedType = "jpeg" | "png" | "webp" | "pdf";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The file type its first bytes prove, or null. */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  if (startsWith(bytes, ascii("%PDF-"))) return "pdf";
  return null;
}

/** A PDF that ends like one (its end-of-file marker within the last KiB): truncated or disguised files fail. */
function looksLikeWholePdf(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString("latin1");
  return tail.includes("%%EOF");
}

// PDF names that run or launch something when the file opens: scripts, launch actions, embedded files, forms that
// carry scripts (XFA) and rich media. A contract is read, never run, so any of them refuses the file.
const ACTIVE_PDF_NAMES =
  /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA|SubmitForm|ImportData)(?![A-Za-z0-9])/;
// Deflated streams (objects may hide in compressed object streams) are read up to this much each.
const MAX_INFLATED_STREAM_BYTES = 8 * 1024 * 1024;

/** A name's `#xx` escapes written out: `/J#61vaScript` is `/JavaScript` to a PDF reader. */
const withNameEscapesRead = (text: string) =>
  text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/**
 * True when a PDF carries content a reader would run (see ACTIVE_PDF_NAMES): looked for in the file's text and in
 * every stream that inflates, with name escapes read. A stream that does not inflate is left as data.
 */
export function pdfCarriesActiveContent(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString("latin1");
  if (ACTIVE_PDF_NAMES.test(withNameEscapesRead(text))) return true;
  const streams = /stream\r?\n/g;
  for (let match = streams.exec(text); match; match = streams.exec(text)) {
    const start = match.index + match[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    try {
      const inflated = inflateSync(Buffer.from(bytes.subarray(start, end)), {
        maxOutputLength: MAX_INFLATED_STREAM_BYTES,
      }).toString("latin1");
      if (ACTIVE_PDF_NAMES.test(withNameEscapesRead(inflated))) return true;
    } catch {
      // Not deflated, or larger than we read: pictures and fonts, not objects.
    }
    streams.lastIndex = end;
  }
  return false;
}

// Decoding bombs: a small file that claims an enormous picture is refused before its pixels are allocated.
const MAX_INPUT_PIXELS = 40_000_000;

const FOLDERS: Record<UploadKind, string> = {
  avatar: "avatars",
  license: "licenses",
  heldLicense: "licenses-held",
  carImage: "cars",
  placeImage: "places",
  supplierLogo: "logos",
  contract: "contracts",
};
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(webp|pdf)$/;

export const isStoredName = (name: string) => STORED_NAME.test(name);

function storedPath(kind: UploadKind, name: string): string {
  if (!isStoredName(name)) throw new Error(`not a stored upload name: ${JSON.stringify(name)}`);
  return path.join(path.resolve(getEnv().UPLOADS_DIR), FOLDERS[kind], name);
}

async function store(kind: UploadKind, extension: "webp" | "pdf", bytes: Uint8Array): Promise<string> {
  const name = `${randomUUID()}.${extension}`;
  const file = storedPath(kind, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes, { flag: "wx" });
  return name;
}

export type StoredUpload = { ok: true; name: string } | { ok: false; error: UploadProblem };

/** The upload's bytes, or the problem when there is no file or it is over the size cap. */
async function readUploadedFile(file: unknown, missing: UploadProblem): Promise<Uint8Array | UploadProblem> {
  if (!(file instanceof Blob) || file.size === 0) return missing;
  if (file.size > getEnv().UPLOAD_MAX_BYTES) return "validation.fileTooLarge";
  return new Uint8Array(await file.arrayBuffer());
}

async function reencode(bytes: Uint8Array, transform: (image: Sharp) => Sharp): Promise<Buffer | null> {
  try {
    return await transform(sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate())
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

/** An avatar: a JPEG, PNG or WebP picture, re-encoded as a 256 px square WebP. */
export async function storeAvatar(file: unknown): Promise<StoredUpload> {
  const bytes = await readUploadedFile(file, "validation.imageRequired");
  if (typeof bytes === "string") return { ok: false, error: bytes };
  const type = sniffFileType(bytes);
  if (type === null || type === "pdf") return { ok: false, error: "validation.imageType" };
  const image = await reencode(bytes, (image) => image.resize(256, 256, { fit: "cover" }));
  if (!image) return { ok: false, error: "validation.fileUnreadable" };
  return { ok: true, name: await store("avatar", "webp", image) };
}

/** A driver licence: a picture (re-encoded, at most 2000 px a side) or a complete PDF (kept as sent). */
export async function storeLicense(file: unknown, kind: "license" | "heldLicense" = "license"): Promise<StoredUpload> {
  const bytes = await readUploadedFile(file, "validation.fileRequired");
  if (typeof bytes === "string") return { ok: false, error: bytes };
  const type = sniffFileType(bytes);
  if (type === null) return { ok: false, error: "validation.licenseType" };
  if (type === "pdf") {
    if (!looksLikeWholePdf(bytes)) return { ok: false, error: "validation.fileUnreadable" };
    if (pdfCarriesActiveContent(bytes)) return { ok: false, error: "validation.pdfActiveContent" };
    return { ok: true, name: await store(kind, "pdf", bytes) };
  }
  const image = await reencode(bytes, (image) => image.resize(2000, 2000, { fit: "inside", withoutEnlargement: true }));
  if (!image) return { ok: false, error: "validation.fileUnreadable" };
  return { ok: true, name: await store(kind, "webp", image) };
}

/** A car's picture (decision 027): a JPEG, PNG or WebP, re-encoded as WebP within 720 x 400. */
export async function storeCarImage(file: unknown): Promise<StoredUpload> {
  return storePicture(file, "carImage", 720, 400);
}

/** A place's picture (where its desk is, issue 51): re-encoded as WebP within 720 x 400, like a car's. */
export async function storePlaceImage(file: unknown): Promise<StoredUpload> {
  return storePicture(file, "placeImage", 720, 400);
}

/** A supplier's logo: a picture re-encoded as WebP within 240 x 120. */
export async function storeSupplierLogo(file: unknown): Promise<StoredUpload> {
  return storePicture(file, "supplierLogo", 240, 120);
}

async function storePicture(file: unknown, kind: UploadKind, width: number, height: number): Promise<StoredUpload> {
  const bytes = await readUploadedFile(file, "validation.imageRequired");
  if (typeof bytes === "string") return { ok: false, error: bytes };
  const type = sniffFileType(bytes);
  if (type === null || type === "pdf") return { ok: false, error: "validation.imageType" };
  const image = await reencode(bytes, (image) =>
    image.resize(width, height, { fit: "inside", withoutEnlargement: true }),
  );
  if (!image) return { ok: false, error: "validation.fileUnreadable" };
  return { ok: true, name: await store(kind, "webp", image) };
}

/** A rental contract: a complete PDF, kept as sent (checked by its bytes, never its name). */
export async function storeContract(file: unknown): Promise<StoredUpload> {
  const bytes = await readUploadedFile(file, "validation.fileRequired");
  if (typeof bytes === "string") return { ok: false, error: bytes };
  if (sniffFileType(bytes) !== "pdf") return { ok: false, error: "validation.pdfType" };
  if (!looksLikeWholePdf(bytes)) return { ok: false, error: "validation.fileUnreadable" };
  if (pdfCarriesActiveContent(bytes)) return { ok: false, error: "validation.pdfActiveContent" };
  return { ok: true, name: await store("contract", "pdf", bytes) };
}

/** How long a licence held for a checkout attempt is kept unbooked (the payment hold is 30 minutes). */
export const HELD_LICENSE_KEPT_MS = 2 * 3_600_000;

/**
 * Moves (or copies) a stored file to another kind under the same name: a held licence booked, or a booked one held
 * again. Either way the file is kept from now (a move keeps its time, by which held files are purged). False when
 * the file is gone.
 */
export async function transferStoredUpload(
  from: UploadKind,
  to: UploadKind,
  name: string,
  how: "move" | "copy",
): Promise<boolean> {
  const target = storedPath(to, name);
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await (how === "move" ? rename : copyFile)(storedPath(from, name), target);
    const now = new Date();
    await utimes(target, now, now);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}

/** Deletes licences held for checkouts that were never booked, HELD_LICENSE_KEPT_MS after they were received. */
export async function purgeHeldLicenses(now = new Date()): Promise<number> {
  const folder = path.join(path.resolve(getEnv().UPLOADS_DIR), FOLDERS.heldLicense);
  let names: string[];
  try {
    names = await readdir(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let purged = 0;
  for (const name of names.filter(isStoredName)) {
    const file = path.join(folder, name);
    const { mtimeMs } = await stat(file).catch(() => ({ mtimeMs: Number.POSITIVE_INFINITY }));
    if (now.getTime() - mtimeMs < HELD_LICENSE_KEPT_MS) continue;
    await rm(file, { force: true });
    purged++;
  }
  return purged;
}

/** A stored file's bytes and type, or null when the name is not one of ours or the file is gone. */
export async function readStoredUpload(
  kind: UploadKind,
  name: string,
): Promise<{ bytes: Buffer; contentType: string } | null> {
  if (!isStoredName(name)) return null;
  try {
    const bytes = await readFile(storedPath(kind, name));
    return { bytes, contentType: name.endsWith(".pdf") ? "application/pdf" : "image/webp" };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Deletes the public file an address like `/uploads/cars/<name>` points to, once a record no longer uses it (a
 * picture, logo or contract replaced): the old address then answers 404. Other addresses (the demo's `/images/…`)
 * are left alone.
 */
export async function removeReplacedUpload(url: string | null | undefined): Promise<void> {
  const [, folder = "", name] = /^\/uploads\/([a-z]+)\/([^/]+)$/.exec(url ?? "") ?? [];
  if (!Object.hasOwn(PUBLIC_UPLOADS, folder)) return;
  await removeStoredUpload(PUBLIC_UPLOADS[folder as keyof typeof PUBLIC_UPLOADS], name);
}

/** Deletes a stored file; a missing one is fine (a replaced file may already be gone). */
export async function removeStoredUpload(kind: UploadKind, name: string | null | undefined): Promise<void> {
  if (!name || !isStoredName(name)) return;
  await rm(storedPath(kind, name), { force: true });
}

// Room for the multipart framing and the form's text fields around the file itself.
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * The answer to a post whose body could not be read (`readPostedForm`'s refusal), for the page's upload form named
 * `form`: 413 when it was too large, 400 otherwise, the refusal shown on its field.
 */
export const postRefused = <F extends string>(
  form: F,
  problem: "validation.fileTooLarge" | "validation.fileUnreadable",
) => data({ form, problem }, { status: problem === "validation.fileTooLarge" ? 413 : 400 });

/**
 * A form post's fields, reading a multipart body with every part capped at UPLOAD_MAX_BYTES in memory. The body
 * must declare its length, at most the cap plus framing (the HTTP parser holds a body to its declared length, so
 * many parts cannot add up to more); a larger or undeclared one is refused with "validation.fileTooLarge", a
 * malformed one with "validation.fileUnreadable" — nothing is stored either way.
 */
export async function readPostedForm(
  request: Request,
): Promise<FormData | "validation.fileTooLarge" | "validation.fileUnreadable"> {
  try {
    if (!(request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) return await request.formData();
    const max = getEnv().UPLOAD_MAX_BYTES;
    const declared = Number(request.headers.get("Content-Length") ?? Number.NaN);
    if (!Number.isFinite(declared) || declared > max + MULTIPART_OVERHEAD_BYTES) {
      void discardRest(request);
      return "validation.fileTooLarge";
    }
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize: max }));
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError) return "validation.fileTooLarge";
    return "validation.fileUnreadable";
  }
}

/**
 * Reads a refused post's body and throws it away, chunk by chunk. A browser sends a whole body before it reads the
 * answer: left unread, the body stalled its sending until the server dropped the idle connection (five seconds of a
 * spinner before "This file is too large", or never once connections are kept longer). The server caps such a body
 * first (server/form-body.ts: twice the upload cap), so what is read here is bounded. A part over the cap found while
 * parsing leaves at most the framing's allowance unread, which the connection's buffers hold.
 */
async function discardRest(request: Request) {
  const reader = request.body?.getReader();
  if (!reader) return;
  try {
    while (!(await reader.read()).done);
  } catch {
    // The client stopped sending: nothing is left to read.
  }
}
