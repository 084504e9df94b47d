import { existsSync, mkdtempSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { insertMinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { HELD_LICENSE_KEPT_MS, purgeHeldLicenses } from "~/utils/uploads.server";
import {
  bookHeldLicense,
  heldLicenseToken,
  holdBookedLicense,
  holdLicense,
  readHeldLicense,
  receivedFileName,
} from "./held-license.server";

const uploadsDir = mkdtempSync(path.join(tmpdir(), "rentacar-held-"));
process.env.UPLOADS_DIR = uploadsDir;
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const png = async () =>
  new File(
    [
      (await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 9, g: 9, b: 9 } } })
        .png()
        .toBuffer()) as BlobPart,
    ],
    "C:\\Users\\me\\licence\u0007.png",
    { type: "image/png" },
  );
const held = (name: string) => path.join(uploadsDir, "licenses-held", name);
const booked = (name: string) => path.join(uploadsDir, "licenses", name);

describe("a licence held for a checkout attempt", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(() => database?.destroy());

  it("is checked, kept under a random name, named as the driver sent it, and replaced by the next file", async () => {
    const first = await holdLicense(await png(), null);
    if (!first.ok) throw new Error(first.error);
    expect(first.held.fileName).toBe("licence.png");
    expect(existsSync(held(first.held.name))).toBe(true);
    const second = await holdLicense(await png(), first.held);
    if (!second.ok) throw new Error(second.error);
    expect(existsSync(held(first.held.name))).toBe(false);
    expect(await holdLicense(new File(["<script>"], "x.png"), second.held)).toEqual({
      ok: false,
      error: "validation.licenseType",
    });
    expect(existsSync(held(second.held.name))).toBe(true);
  });

  it("is named by a signed reference only: a forged or altered one names nothing", async () => {
    const kept = await holdLicense(await png(), null);
    if (!kept.ok) throw new Error(kept.error);
    const token = heldLicenseToken(kept.held);
    expect(readHeldLicense(token)).toEqual(kept.held);
    const [value] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...kept.held, name: "00000000-0000-4000-8000-000000000000.webp" }));
    expect(readHeldLicense(`${forged.toString("base64url")}.${token.split(".")[1]}`)).toBeNull();
    expect(readHeldLicense(`${value}.AAAA`)).toBeNull();
    expect(
      readHeldLicense(`${Buffer.from('{"name":"../../etc/passwd","fileName":"x"}').toString("base64url")}.x`),
    ).toBeNull();
    expect(readHeldLicense(undefined)).toBeNull();
  });

  it("becomes the booking's when booked, and is held again when that booking is refused", async () => {
    const kept = await holdLicense(await png(), null);
    if (!kept.ok) throw new Error(kept.error);
    expect(await bookHeldLicense(kept.held)).toBe(kept.held.name);
    expect(existsSync(booked(kept.held.name))).toBe(true);
    expect(existsSync(held(kept.held.name))).toBe(false);
    // Nothing committed names it (the booking was never placed): held again, the original gone.
    expect(await holdBookedLicense(database.db, kept.held.name, kept.held.fileName)).toEqual(kept.held);
    expect(existsSync(held(kept.held.name))).toBe(true);
    expect(existsSync(booked(kept.held.name))).toBe(false);
    // Gone meanwhile: nothing to book, and the driver is asked again.
    await bookHeldLicense(kept.held);
    expect(await bookHeldLicense(kept.held)).toBeNull();
  });

  it("held again after a refused payment, stays where the driver's profile names it (a copy is held)", async () => {
    const catalogue = await insertMinimalCatalogue(database.db);
    const kept = await holdLicense(await png(), null);
    if (!kept.ok) throw new Error(kept.error);
    const name = (await bookHeldLicense(kept.held))!;
    // The placed (then unpaid) booking saved it on the signed-in driver's profile before the gateway said no.
    await database.db.update(schema.users).set({ driverLicense: name }).where(eq(schema.users.id, catalogue.driver.id));
    expect(await holdBookedLicense(database.db, name, kept.held.fileName)).toEqual({ name, fileName: "licence.png" });
    expect(existsSync(booked(name))).toBe(true);
    expect(existsSync(held(name))).toBe(true);
  });

  it("is named by a reference that expires with the held file", async () => {
    const kept = await holdLicense(await png(), null);
    if (!kept.ok) throw new Error(kept.error);
    const issued = new Date("2030-01-01T10:00:00Z");
    const token = heldLicenseToken(kept.held, issued);
    expect(readHeldLicense(token, new Date(issued.getTime() + HELD_LICENSE_KEPT_MS - 60_000))).toEqual(kept.held);
    expect(readHeldLicense(token, new Date(issued.getTime() + HELD_LICENSE_KEPT_MS))).toBeNull();
  });

  it("is deleted once kept for HELD_LICENSE_KEPT_MS unbooked", async () => {
    const old = await holdLicense(await png(), null);
    const fresh = await holdLicense(await png(), null);
    if (!old.ok || !fresh.ok) throw new Error("not held");
    const longAgo = (Date.now() - HELD_LICENSE_KEPT_MS - 60_000) / 1000;
    utimesSync(held(old.held.name), longAgo, longAgo);
    expect(await purgeHeldLicenses()).toBeGreaterThanOrEqual(1);
    expect(existsSync(held(old.held.name))).toBe(false);
    expect(existsSync(held(fresh.held.name))).toBe(true);
  });

  it("shows only the last segment of a sent file name, printable and bounded", () => {
    expect(receivedFileName(new File([""], "/tmp/a/b/permis.pdf"))).toBe("permis.pdf");
    expect(receivedFileName(new File([""], `${"x".repeat(200)}.pdf`))).toHaveLength(80);
    expect(receivedFileName(new Blob([""]))).toBe("licence");
  });
});
