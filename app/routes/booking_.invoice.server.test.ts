/**
 * A booking's invoice as its driver reads it (decision 049): the page and the PDF for the driver who booked, nothing
 * for another driver (as if the booking did not exist), a visitor asked to sign in, and no page before it is issued;
 * its credit notes by their number, linked from the booking.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import * as schema from "#db/schema";
import { issueCreditNote, issueSaleDocument } from "~/models/documents/business-documents.server";
import { findOwnBooking } from "~/models/booking/booking-view.server";
import { routeArgs, routeOutcome, sessionCookieFor, useAppDatabase } from "../../tests/support/app-test";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../tests/support/fixtures";
import { loader } from "./booking_.invoice";
import { loader as pdfLoader } from "./booking_.invoice[.pdf]";

await vi.hoisted(async () => (await import("../../tests/support/app-test")).configureOutbox("booking-invoice"));

describe("a booking's invoice for its driver", () => {
  const app = useAppDatabase();
  let catalogue: MinimalCatalogue;
  let issued: string;
  let notYet: string;
  const open = (bookingId: string, cookie: string, query = "") =>
    routeOutcome(() =>
      loader(
        routeArgs(
          new Request(`http://localhost/booking/invoice?b=${bookingId}${query}`, {
            headers: cookie ? { Cookie: cookie } : {},
          }),
        ),
      ),
    );

  beforeAll(async () => {
    const db = app.database.db;
    catalogue = await insertMinimalCatalogue(db);
    const [paid, pending] = await db
      .insert(schema.bookings)
      .values([
        bookingValues(catalogue, "2031-09-01T08:00:00Z", "2031-09-03T08:00:00Z", "paid"),
        bookingValues(catalogue, "2031-09-10T08:00:00Z", "2031-09-12T08:00:00Z", "pending"),
      ])
      .returning();
    await issueSaleDocument(db, paid!.id, new Date());
    issued = paid!.id;
    notYet = pending!.id;
  });

  it("shows the driver their receipt and gives it as a PDF", async () => {
    const cookie = await sessionCookieFor(catalogue.driver.id);
    const page = await open(issued, cookie);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ document: { series: "receipt", number: 1 }, title: "Receipt RCT-000001" });
    const pdf = (await pdfLoader(
      routeArgs(new Request(`http://localhost/booking/invoice.pdf?b=${issued}`, { headers: { Cookie: cookie } })),
    )) as Response;
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toBe('attachment; filename="RCT-000001.pdf"');
    expect(pdf.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("gives a refund's credit note by its number, linked from the booking, and nothing for a number not its own", async () => {
    const db = app.database.db;
    await db.transaction((tx) =>
      issueCreditNote(
        tx,
        { bookingId: issued, refundKey: `refund-route-${issued}`, amount: 500, currency: "USD", reason: "changed" },
        new Date(),
      ),
    );
    const cookie = await sessionCookieFor(catalogue.driver.id);
    const page = await open(issued, cookie, "&n=CRN-000001");
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      document: {
        series: "creditNote",
        number: 1,
        content: { credited: 500, corrects: { series: "receipt", number: 1 } },
      },
      title: "Credit note CRN-000001",
      pdfHref: `/booking/invoice.pdf?b=${issued}&n=CRN-000001`,
    });
    const pdf = (await pdfLoader(
      routeArgs(
        new Request(`http://localhost/booking/invoice.pdf?b=${issued}&n=CRN-000001`, { headers: { Cookie: cookie } }),
      ),
    )) as Response;
    expect(pdf.headers.get("Content-Disposition")).toBe('attachment; filename="CRN-000001.pdf"');
    // Another number, or not one at all: as a missing document.
    for (const query of ["&n=CRN-000002", "&n=INV-000001", "&n=CRN-1"])
      expect((await open(issued, cookie, query)).status).toBe(404);
    // The booking's page links it.
    const own = await findOwnBooking(db, { id: issued }, new Request("http://localhost/"), {
      id: catalogue.driver.id,
      role: "user",
    });
    expect(own?.receipt).toMatchObject({
      document: { series: "receipt", number: 1 },
      creditNotes: [{ series: "creditNote", number: 1 }],
    });
  });

  it("answers another driver as if the booking did not exist, a visitor with the sign-in, and nothing before issue", async () => {
    const other = await insertMinimalCatalogue(app.database.db);
    expect((await open(issued, await sessionCookieFor(other.driver.id))).status).toBe(404);
    expect((await open(issued, "")).status).toBe(302);
    const strangersPdf = await routeOutcome(() =>
      pdfLoader(
        routeArgs(
          new Request(`http://localhost/booking/invoice.pdf?b=${issued}`, {
            headers: { Cookie: "" },
          }),
        ),
      ),
    );
    expect(strangersPdf.status).toBe(404);
    expect((await open(notYet, await sessionCookieFor(catalogue.driver.id))).status).toBe(404);
  });
});
