import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { readOutbox } from "../../../tests/support/app-test";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { bookingReference, sendBookingConfirmation, sendNotificationEmail } from "./booking-mails.server";

const outbox = await vi.hoisted(async () =>
  (await import("../../../tests/support/app-test")).configureOutbox("booking-mails"),
);

describe("booking and notification e-mails", () => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  const latestMail = async () => (await readOutbox(outbox, database.db)).at(-1)!;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    catalogue = await insertMinimalCatalogue(database.db);
    await database.db
      .update(schema.users)
      .set({ language: "fr", fullName: "Camille Dupont" })
      .where(eq(schema.users.id, catalogue.driver.id));
  });
  afterAll(() => database?.destroy());

  it("confirms a booking in the driver's language, currency and the place's local time", async () => {
    const [booking] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, "2030-07-01T08:00:00Z", "2030-07-04T08:00:00Z", "deposit"),
        paymentMode: "deposit",
        days: 3,
        basePrice: 12_000,
        totalPrice: 12_000,
        deposit: 3_000,
        amountDue: 3_000,
        displayCurrency: "EUR",
        displayRate: 0.9,
      })
      .returning();
    await sendBookingConfirmation(database.db, booking!.id, "https://rent.example");
    const mail = await latestMail();
    const reference = bookingReference(booking!.id);
    expect(mail).toContain(`Merci ! Voici votre réservation ${reference}.`);
    expect(mail).toContain("Bonjour Camille Dupont,");
    expect(mail).toContain("Véhicule : Test Car, chez Supplier");
    // 08:00 UTC is 09:00 in Tunis.
    expect(mail).toMatch(/Prise en charge : Tunis, lundi 1 juillet 2030 (à )?09:00/);
    expect(mail).toContain("Location : 3 jours");
    expect(mail).toContain("Total : 108\u00a0€");
    // The deposit option pays the refundable security deposit online; the rental is paid at the counter.
    expect(mail).toContain("Dépôt de garantie payé en ligne : 27\u00a0€. À payer au comptoir : 108\u00a0€.");
    expect(mail).toContain(`https://rent.example/booking?b=${booking!.id}`);
    expect(mail).toContain(`filename=booking-${reference}.ics`);
    expect(mail).toContain("DTSTART;TZID=Africa/Tunis:20300701T090000");
    // Paid online without the Cancellation option: the mail says so (decision 021).
    expect(mail).toContain("Non remboursable : payée en ligne sans l'option Annulation");
  });

  it("lists each option booked with its amount, as the receipt does (issue 53)", async () => {
    const [booking] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, "2030-08-01T08:00:00Z", "2030-08-04T08:00:00Z", "pending"),
        paymentMode: "payLater",
        days: 3,
        basePrice: 12_000,
        collisionDamageWaiver: true,
        extrasPrice: 8_400,
        extrasBreakdown: { collisionDamageWaiver: 3_600, childSeat: 4_800 },
        equipment: { childSeat: 2 },
        totalPrice: 20_400,
        displayCurrency: "EUR",
        displayRate: 0.5,
      })
      .returning();
    await sendBookingConfirmation(database.db, booking!.id, "https://rent.example");
    const mail = await latestMail();
    expect(mail).toContain("Vos options :");
    expect(mail).toContain("Assurance collision : 18\u00a0€");
    expect(mail).toContain("Siège enfant (1–4 ans) × 2 : 24\u00a0€");
  });

  it("says until when a booking cancels free and what its total includes (decisions 021 and 025)", async () => {
    const [booking] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(catalogue, "2030-09-02T08:00:00Z", "2030-09-05T08:00:00Z", "paid"),
        paymentMode: "full",
        cancellation: true,
        days: 3,
        basePrice: 12_000,
        oneWayFee: 2_500,
        youngDriverFee: 2_400,
        taxRateBasisPoints: 1_900,
        taxAdded: false,
        taxAmount: 2_700,
        totalPrice: 16_900,
        amountDue: 16_900,
      })
      .returning();
    await sendBookingConfirmation(database.db, booking!.id, "https://rent.example");
    const mail = await latestMail();
    // 24 hours before 09:00 in Tunis.
    expect(mail).toMatch(/Annulation gratuite jusqu'au dimanche 1 septembre 2030 (à )?09:00/);
    expect(mail).toContain("Dont frais d'abandon : $25");
    expect(mail).toContain("Dont supplément jeune conducteur : $24");
    expect(mail).toMatch(/Dont taxe \(19\s?%\) comprise dans les tarifs du loueur : \$27/);
  });

  it("never promises a free cancellation whose time has passed: a pick-up within 24 hours is non-refundable", async () => {
    const startsAt = new Date(Date.now() + 12 * 3_600_000);
    const [booking] = await database.db
      .insert(schema.bookings)
      .values({
        ...bookingValues(
          catalogue,
          startsAt.toISOString(),
          new Date(startsAt.getTime() + 72 * 3_600_000).toISOString(),
          "paid",
        ),
        paymentMode: "full",
        cancellation: true,
      })
      .returning();
    await sendBookingConfirmation(database.db, booking!.id, "https://rent.example");
    const mail = await latestMail();
    expect(mail).toContain("Non remboursable (prise en charge dans moins de 24 heures)");
    expect(mail).not.toContain("Annulation gratuite jusqu");
  });

  it("names the pick-up desk, its phone and hours, in the mail and in the calendar file (decision 024)", async () => {
    await database.db
      .update(schema.locations)
      .set({
        address: "45 Avenue Habib Bourguiba, 1000 Tunis",
        deskKind: "cityOffice",
        phone: "+216 71 340 100",
        openingHours: [...Array.from({ length: 6 }, () => ["08:00", "19:00"] as const), null],
      })
      .where(eq(schema.locations.id, catalogue.location.id));
    const [booking] = await database.db
      .insert(schema.bookings)
      .values(bookingValues(catalogue, "2030-08-05T08:00:00Z", "2030-08-06T08:00:00Z", "pending"))
      .returning();
    await sendBookingConfirmation(database.db, booking!.id, "https://rent.example");
    const mail = await latestMail();
    expect(mail).toContain("Comptoir de location : Tunis (Agence en ville)");
    // The street address in the mail itself (a driver with only the mail finds the desk), as in the .ics.
    expect(mail).toContain("Adresse : 45 Avenue Habib Bourguiba, 1000 Tunis");
    expect(mail).toContain("Téléphone : +216 71 340 100");
    expect(mail).toContain("Horaires d'ouverture (heure locale) : lundi – samedi : 08:00–19:00; dimanche : fermé");
    // The calendar file: the desk's address where the event is, the rest in its description (escaped per RFC 5545).
    expect(mail.replace(/\r\n /g, "")).toContain("LOCATION:Tunis\\, 45 Avenue Habib Bourguiba\\, 1000 Tunis");
  });

  it("sends a notification only to users who keep e-mail notifications on", async () => {
    const [notification] = await database.db
      .insert(schema.notifications)
      .values({ userId: catalogue.driver.id, messageKey: "success.cancellationRequested" })
      .returning();
    expect(await sendNotificationEmail(database.db, notification!.id, "https://rent.example")).toBe("sent");
    expect(await latestMail()).toContain("Votre demande d'annulation a été envoyée");

    const before = (await readOutbox(outbox, database.db)).length;
    await database.db
      .update(schema.users)
      .set({ enableEmailNotifications: false })
      .where(eq(schema.users.id, catalogue.driver.id));
    expect(await sendNotificationEmail(database.db, notification!.id, "https://rent.example")).toBe("notificationsOff");
    expect((await readOutbox(outbox, database.db)).length).toBe(before);
  });
});
