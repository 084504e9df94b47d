import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import {
  bookingValues,
  insertMinimalCatalogue,
  searchFilters,
  type MinimalCatalogue,
} from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import type { Actor } from "~/models/audit/audit.server";
import { recordDeskEvent } from "~/models/desk/desk-day.server";
import { searchCars } from "~/models/search/cars.server";
import { moderateReview, readReviewToken, reviewPath, writeReview } from "./reviews.server";

const review = {
  staffMark: 9,
  conditionMark: 8,
  valueMark: 7,
  queueMark: 6,
  text: "Quick and friendly.",
  authorName: "Ana",
};
const reading = { mileage: 12_000, fuelEighths: 8, note: "" };

describe("a review link", () => {
  const bookingId = "3f2b8c4e-1d7a-4e0b-9a55-0c1d2e3f4a5b";
  const now = new Date("2031-05-03T10:00:00Z");
  const token = reviewPath(bookingId, now).slice("/review/".length);

  it("names its booking until it expires", () => {
    expect(readReviewToken(token, now)).toBe(bookingId);
    expect(readReviewToken(token, new Date("2031-06-30T10:00:00Z"))).toBe(bookingId);
    expect(readReviewToken(token, new Date("2031-07-03T10:00:01Z"))).toBeNull();
  });

  it("names nothing once altered", () => {
    const [value, signature] = token.split(".");
    const other = Buffer.from(`${bookingId.replace("3f", "4f")}.9999999999`).toString("base64url");
    expect(readReviewToken(`${other}.${signature}`, now)).toBeNull();
    expect(readReviewToken(`${value}.x${signature!.slice(1)}`, now)).toBeNull();
    expect(readReviewToken("not a token", now)).toBeNull();
  });
});

describe.each(testEngines)(
  "reviews from drivers who returned the car, on %s",
  (engine) => {
    let database: TestDatabase;
    let catalogue: MinimalCatalogue;
    let staff: Actor;
    const admin: Actor = { id: "", role: "admin", fullName: "Admin" };

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      catalogue = await insertMinimalCatalogue(database.db);
      staff = { id: catalogue.supplier.id, role: "supplier", fullName: "Desk Clerk" };
      const [adminRow] = await database.db
        .insert(schema.users)
        .values({ role: "admin", email: `admin-${catalogue.car.licensePlate}@example.com`, fullName: "Admin" })
        .returning();
      admin.id = adminRow!.id;
    });
    afterAll(() => database?.destroy());

    const invitations = async (to: string) =>
      (await database.db.select().from(schema.outboxMails).where(eq(schema.outboxMails.recipient, to))).filter((mail) =>
        mail.subject.includes("How was"),
      );

    it("invites once on the return, takes one review, and counts it only once published", async () => {
      const { db } = database;
      const [booking] = await db
        .insert(schema.bookings)
        .values(bookingValues(catalogue, "2031-05-01T08:00:00Z", "2031-05-03T08:00:00Z", "pending"))
        .returning();
      const facts = { id: booking!.id, supplierId: catalogue.supplier.id, status: "pending" };
      const origin = "https://rent.example";
      // Before the return: nothing to review.
      expect(await writeReview(db, booking!.id, review, "en")).toEqual({ ok: false, reason: "notReturned" });
      await recordDeskEvent(db, staff, facts, "handover", reading, new Date("2031-05-01T08:05:00Z"), origin);
      expect(await invitations(catalogue.driver.email)).toHaveLength(0);
      await recordDeskEvent(db, staff, facts, "return", reading, new Date("2031-05-03T08:10:00Z"), origin);
      // A second return is refused: still one invitation, whose link opens this booking's form.
      expect(await recordDeskEvent(db, staff, facts, "return", reading, new Date(), origin)).toEqual({
        ok: false,
        reason: "recorded",
      });
      const [invitation, ...more] = await invitations(catalogue.driver.email);
      expect(more).toHaveLength(0);
      const link = /https:\/\/rent\.example\/review\/([\w.-]+)/.exec(JSON.stringify(invitation!.message))![1]!;
      expect(readReviewToken(link, new Date("2031-05-04T00:00:00Z"))).toBe(booking!.id);

      expect(await writeReview(db, booking!.id, review, "en")).toEqual({ ok: true });
      expect(await writeReview(db, booking!.id, { ...review, staffMark: 1 }, "en")).toEqual({
        ok: false,
        reason: "written",
      });
      const [stored] = await db.select().from(schema.reviews).where(eq(schema.reviews.bookingId, booking!.id));
      expect(stored).toMatchObject({
        status: "pending",
        staffMark: 9,
        supplierId: catalogue.supplier.id,
        locationId: catalogue.location.id,
      });

      // Not in the results' average while pending; counted once published; audited.
      const search = () =>
        searchCars(db, {
          pickup: { ...catalogue.location, name: "Tunis", timeZone: "Africa/Tunis" } as never,
          from: new Date("2031-08-01T08:00:00Z"),
          to: new Date("2031-08-03T08:00:00Z"),
          filters: searchFilters(),
          sort: "reviews",
          page: 1,
          supplierIds: [],
          placeIds: [catalogue.location.id],
        });
      expect((await search()).offers[0]?.reviews).toBeNull();
      expect(await moderateReview(db, admin, booking!.id, "published", new Date())).toBe(true);
      expect(await moderateReview(db, admin, booking!.id, "published", new Date())).toBe(false);
      expect((await search()).offers[0]?.reviews).toEqual({ average: 7.5, count: 1 });
      const trail = await db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.record, "review"), eq(schema.auditLog.recordId, booking!.id)));
      expect(trail).toMatchObject([{ action: "publish", changes: { status: { from: "pending", to: "published" } } }]);
    });
  },
  60_000,
);
