/**
 * A business's documents (decision 049) on both engines: fifty bookings paid at once take fifty consecutive numbers,
 * none skipped, none twice; a booking has one invoice whatever happens after (paid, then handed over); a supplier
 * without a tax id issues receipts in their own series; a rolled-back issue gives its number back; the PDF says what
 * the page says.
 */
import { inflateSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { bookingValues, insertMinimalCatalogue, type MinimalCatalogue } from "../../../tests/support/fixtures";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../tests/support/test-database";
import {
  bookingDocuments,
  documentPdf,
  documentView,
  issueCreditNote,
  issueSaleDocument,
  issueSupplement,
  saleDocumentOf,
} from "./business-documents.server";
import { documentNumber, type CreditNoteContent, type SaleContent, type SupplementContent } from "./document-lines";
import { businessDocumentPdf, drawableText } from "./document-pdf.server";
import { documentsIssuedIn } from "./documents-report.server";
import { periodOf } from "~/models/overview/report-period";

/**
 * The text a PDF draws, read as a text extractor does: its streams inflated, each `<hex> Tj` (glyph ids, pdf-lib
 * writes text so with an embedded font) mapped back to letters through the font's ToUnicode map. The document uses
 * two fonts (regular and bold), each with its own map: the text as each map reads it, one string per font.
 */
function pdfTexts(bytes: Uint8Array): string[] {
  const raw = Buffer.from(bytes).toString("latin1");
  const streams: string[] = [];
  // Each stream read by its dictionary's /Length, not up to the next "endstream": compressed bytes may end in "\r",
  // which a pattern would take for the line break before "endstream" (a document in 256 then read as unreadable).
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const body = raw.slice(match.index + match[0].length, match.index + match[0].length + Number(match[1]));
    try {
      streams.push(inflateSync(Buffer.from(body, "latin1")).toString("latin1"));
    } catch {
      streams.push(body);
    }
  }
  const maps = streams
    .filter((stream) => stream.includes("begincmap"))
    .map((cmap) => {
      const glyphs = new Map<string, string>();
      const letters = (hex: string) => Buffer.from(hex, "hex").swap16().toString("utf16le");
      for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g))
        for (const pair of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
          glyphs.set(pair[1]!.toUpperCase(), letters(pair[2]!));
      for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g))
        for (const range of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
          const [from, to, first] = [parseInt(range[1]!, 16), parseInt(range[2]!, 16), parseInt(range[3]!, 16)];
          for (let glyph = from; glyph <= to; glyph++)
            glyphs.set(glyph.toString(16).toUpperCase().padStart(4, "0"), String.fromCodePoint(first + glyph - from));
        }
      return glyphs;
    });
  const shown = streams.flatMap((stream) => [...stream.matchAll(/<([0-9A-Fa-f]+)> Tj/g)].map((hex) => hex[1]!));
  return maps.map((glyphs) =>
    shown
      .map((hex) => (hex.toUpperCase().match(/.{4}/g) ?? []).map((glyph) => glyphs.get(glyph) ?? "\uFFFD").join(""))
      .join("\n"),
  );
}
/** Whether a line of the PDF, as read by one of its fonts' maps, holds `text`. */
const pdfSays = (bytes: Uint8Array, text: string) => pdfTexts(bytes).some((read) => read.includes(text));

describe.each(testEngines)("a business's documents (%s)", (engine) => {
  let database: TestDatabase;
  let catalogue: MinimalCatalogue;
  const day = 86_400_000;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    catalogue = await insertMinimalCatalogue(database.db);
    await database.db
      .update(schema.supplierSettings)
      .set({ legalName: "Carthage Cars SARL", legalAddress: "12 Rue de Rome, Tunis", taxId: "TN-1234567A" })
      .where(eq(schema.supplierSettings.supplierId, catalogue.supplier.id));
  });
  afterAll(() => database?.destroy());

  /** `count` paid bookings of the catalogue's car, a week apart from `start` (ISO date). */
  async function paidBookings(count: number, start: number) {
    const rows = await database.db
      .insert(schema.bookings)
      .values(
        Array.from({ length: count }, (_, index) =>
          bookingValues(
            catalogue,
            new Date(start + index * 7 * day).toISOString(),
            new Date(start + index * 7 * day + 2 * day).toISOString(),
            "paid",
          ),
        ),
      )
      .returning({ id: schema.bookings.id });
    return rows.map((row) => row.id);
  }

  it("numbers fifty bookings paid at once 1 to 50: no gap, none twice", async () => {
    const ids = await paidBookings(50, Date.UTC(2032, 0, 5, 9));
    const issued = await Promise.all(ids.map((id) => issueSaleDocument(database.db, id, new Date())));
    expect(issued.every((document) => document.series === "invoice")).toBe(true);
    expect(issued.map((document) => document.number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 50 }, (_, index) => index + 1),
    );
    expect(new Set(issued.map((document) => document.bookingId)).size).toBe(50);
  });

  it("issues one invoice per booking, as it was sold, whatever happens after", async () => {
    const [id] = await paidBookings(1, Date.UTC(2033, 0, 5, 9));
    const first = await issueSaleDocument(database.db, id!, new Date());
    // The hand-over after the payment, and a change of the booking, issue nothing new and rewrite nothing.
    await database.db.update(schema.bookings).set({ totalPrice: 1 }).where(eq(schema.bookings.id, id!));
    const again = await issueSaleDocument(database.db, id!, new Date());
    expect(again).toEqual(first);
    expect((await saleDocumentOf(database.db, id!))?.amount).toBe(first.amount);
    const content = first.content as unknown as SaleContent;
    expect(content.seller).toEqual({
      name: "Carthage Cars SARL",
      address: "12 Rue de Rome, Tunis",
      taxId: "TN-1234567A",
    });
    expect(content.lines.total).toBe(first.amount);
  });

  it("gives a rolled-back document's number back, and numbers a supplier without a tax id's receipts apart", async () => {
    const [kept, rolledBack] = await paidBookings(2, Date.UTC(2034, 0, 5, 9));
    const before = (await issueSaleDocument(database.db, kept!, new Date())).number;
    await expect(
      database.db.transaction(async (tx) => {
        await issueSaleDocument(tx, rolledBack!, new Date());
        throw new Error("the payment's transaction fails after the invoice");
      }),
    ).rejects.toThrow(/fails after/);
    expect(await saleDocumentOf(database.db, rolledBack!)).toBeNull();
    expect((await issueSaleDocument(database.db, rolledBack!, new Date())).number).toBe(before + 1);

    const other = await insertMinimalCatalogue(database.db);
    const [receiptBooking] = await database.db
      .insert(schema.bookings)
      .values(bookingValues(other, "2035-01-05T09:00:00Z", "2035-01-07T09:00:00Z", "paid"))
      .returning({ id: schema.bookings.id });
    const receipt = await issueSaleDocument(database.db, receiptBooking!.id, new Date());
    expect(receipt).toMatchObject({ series: "receipt", number: 1, supplierId: other.supplier.id });
  });

  it("draws a PDF that says the number, the seller, the driver and the total", async () => {
    const [id] = await paidBookings(1, Date.UTC(2036, 0, 5, 9));
    const document = await issueSaleDocument(database.db, id!, new Date("2036-01-05T10:00:00Z"));
    const bytes = await businessDocumentPdf({ ...document, language: "fr" });
    expect(Buffer.from(bytes.slice(0, 5)).toString()).toBe("%PDF-");
    // Kept as first drawn (bytes through either engine's driver), and read back rather than drawn again.
    const kept = await documentPdf(database.db, document);
    const [row] = await database.db
      .select()
      .from(schema.businessDocuments)
      .where(eq(schema.businessDocuments.id, document.id));
    expect(row?.pdf).toEqual(kept);
    expect(await documentPdf(database.db, row!)).toEqual(kept);
    for (const said of [
      `Facture ${documentNumber("invoice", document.number)}`,
      "Carthage Cars SARL",
      "Numéro fiscal : TN-1234567A",
      "Driver",
      "Total",
    ])
      expect(pdfSays(bytes, said), said).toBe(true);
  });

  it("prints a driver's name as written in Latin, Greek, Cyrillic and Arabic letters; a letter the font lacks as ?", async () => {
    const [id] = await paidBookings(1, Date.UTC(2039, 0, 5, 9));
    const document = await issueSaleDocument(database.db, id!, new Date("2039-01-05T10:00:00Z"));
    const names = ["Łucja Dvořák-Ñúñez", "Ελένη Παπαδοπούλου", "Алексей Смирнов", "李雷"];
    for (const fullName of names) {
      const content = { ...(document.content as unknown as SaleContent) };
      content.buyer = { ...content.buyer, fullName };
      const bytes = await businessDocumentPdf({ ...document, content: content as never, language: "en" });
      expect(pdfSays(bytes, fullName === "李雷" ? "??" : fullName), fullName).toBe(true);
    }
    // Arabic, shaped and set right to left: its letters drawn (each as the form it takes in the word), none as "?".
    const content = { ...(document.content as unknown as SaleContent) };
    content.buyer = { ...content.buyer, fullName: "محمد" };
    const read = pdfTexts(await businessDocumentPdf({ ...document, content: content as never, language: "en" }));
    expect(read.some((text) => /[\u0600-\u06ff\ufb50-\ufeff]{4}/.test(text))).toBe(true);
  });

  it("credits an invoiced sale by each refund, once per refund, never beyond what was sold", async () => {
    const [id] = await paidBookings(1, Date.UTC(2037, 0, 5, 9));
    const invoice = await issueSaleDocument(database.db, id!, new Date());
    const sold = (invoice.content as unknown as SaleContent).lines;
    const credit = (refundKey: string, amount: number) =>
      database.db.transaction((tx) =>
        issueCreditNote(
          tx,
          { bookingId: id!, refundKey, amount, currency: invoice.currency, reason: "changed" },
          new Date(),
        ),
      );
    const first = await credit("refund-a", 1_000);
    expect(first).toMatchObject({ series: "creditNote", amount: 1_000, refundKey: "refund-a" });
    const content = first!.content as unknown as CreditNoteContent;
    expect(content.corrects).toEqual({ series: "invoice", number: invoice.number });
    expect(content.tax).toEqual({
      rateBasisPoints: sold.tax.rateBasisPoints,
      amount: Math.round((sold.tax.amount * 1_000) / sold.total),
    });
    // The same refund again (a retry after a lost answer): the same note, no new number.
    expect(await credit("refund-a", 1_000)).toEqual(first);
    // A refund of more than is left of the sale (a security deposit went back with it): the sale's rest only.
    const rest = await credit("refund-b", sold.total + 50_000);
    expect(rest).toMatchObject({ number: first!.number + 1, amount: sold.total - 1_000 });
    // Nothing left to credit: no note, no number taken.
    expect(await credit("refund-c", 500)).toBeNull();
    const [counter] = await database.db
      .select()
      .from(schema.documentCounters)
      .where(eq(schema.documentCounters.series, "creditNote"));
    expect(counter?.lastNumber).toBe(rest!.number);
    expect(await bookingDocuments(database.db, id!)).toEqual({
      document: { series: "invoice", number: invoice.number },
      supplements: [],
      creditNotes: [
        { series: "creditNote", number: first!.number },
        { series: "creditNote", number: rest!.number },
      ],
    });
    // Its PDF names what it corrects.
    const bytes = await businessDocumentPdf({ ...first!, language: "fr" });
    for (const said of [
      `Avoir ${documentNumber("creditNote", first!.number)}`,
      `Rectifie Facture ${documentNumber("invoice", invoice.number)}`,
      "Total crédité",
    ])
      expect(pdfSays(bytes, said), said).toBe(true);
  });

  it("documents what a dearer change collected as a supplement to the sale, once per payment, never a deposit", async () => {
    const [id] = await paidBookings(1, Date.UTC(2041, 0, 5, 9));
    // Payments of the booking for the supplements to answer (one each).
    const paymentIds: string[] = [];
    for (const attempt of ["s-1", "s-2", "s-3"]) {
      const [payment] = await database.db
        .insert(schema.payments)
        .values({
          bookingId: id!,
          gateway: "sandbox",
          attemptId: `${attempt}-${engine}`,
          amount: 2_000,
          currency: "USD",
          status: "captured",
        })
        .returning({ id: schema.payments.id });
      paymentIds.push(payment!.id);
    }
    const supplement = (paymentId: string, amount: number) =>
      database.db.transaction((tx) =>
        issueSupplement(tx, { bookingId: id!, paymentId, amount, currency: "USD" }, new Date()),
      );
    // Before the sale is documented, the sale's document will say the new price itself: nothing to add.
    expect(await supplement(paymentIds[0]!, 2_000)).toBeNull();
    const invoice = await issueSaleDocument(database.db, id!, new Date());
    const sold = (invoice.content as unknown as SaleContent).lines;
    // Collected with nothing more sold (a larger security deposit): nothing to document.
    expect(await supplement(paymentIds[0]!, 2_000)).toBeNull();

    // The booking changed to sell for $20 more, and that collected by a link.
    const [booking] = await database.db.select().from(schema.bookings).where(eq(schema.bookings.id, id!));
    await database.db
      .update(schema.bookings)
      .set({ basePrice: booking!.basePrice + 2_000, totalPrice: booking!.totalPrice + 2_000 })
      .where(eq(schema.bookings.id, id!));
    const added = await supplement(paymentIds[1]!, 2_000);
    expect(added).toMatchObject({ series: "invoice", number: invoice.number + 1, amount: 2_000 });
    const content = added!.content as unknown as SupplementContent;
    expect(content.supplements).toEqual({ series: "invoice", number: invoice.number });
    expect(content).toMatchObject({ reason: "changed", charged: 2_000, seller: { taxId: "TN-1234567A" } });
    expect(content.tax).toEqual({
      rateBasisPoints: sold.tax.rateBasisPoints,
      amount: Math.round((sold.tax.amount * 2_000) / sold.total),
    });
    // Told again (a retry): the same document; another payment with nothing more sold: none, no number taken.
    expect(await supplement(paymentIds[1]!, 2_000)).toEqual(added);
    expect(await supplement(paymentIds[2]!, 2_000)).toBeNull();
    expect(await saleDocumentOf(database.db, id!)).toMatchObject({ number: invoice.number });
    expect(await bookingDocuments(database.db, id!)).toEqual({
      document: { series: "invoice", number: invoice.number },
      supplements: [{ series: "invoice", number: added!.number }],
      creditNotes: [],
    });
    const printed = documentNumber("invoice", added!.number);
    expect(await documentView(database.db, id!, printed)).toMatchObject({ number: added!.number, content });
    expect(await documentView(database.db, id!, "INV-999999")).toBeNull();

    // The accountant's report lists it as money sold, with its tax, and its day's totals count it.
    const issuedOn = added!.issuedAt.toISOString().slice(0, 10);
    const report = await documentsIssuedIn(
      database.db,
      { supplierId: catalogue.supplier.id, placeId: null },
      periodOf(issuedOn, issuedOn),
      { offset: 0, limit: 1_000 },
    );
    expect(report.rows.find((row) => row.number === added!.number && row.series === "invoice")).toMatchObject({
      amount: 2_000,
      tax: content.tax.amount,
    });
    expect(report.rows).toHaveLength(report.total);
    const listed = report.rows.reduce((sum, row) => sum + row.amount, 0);
    expect(report.totals.find((total) => total.currency === "USD")?.net).toBe(listed);

    // A refund of everything credits the sale and its supplement, no more.
    const note = await database.db.transaction((tx) =>
      issueCreditNote(
        tx,
        {
          bookingId: id!,
          refundKey: `refund-all-${engine}`,
          amount: sold.total + 90_000,
          currency: "USD",
          reason: "staffCancelled",
        },
        new Date(),
      ),
    );
    expect(note).toMatchObject({ amount: sold.total + 2_000 });

    // Its PDF says what it adds to and why.
    const bytes = await businessDocumentPdf({ ...added!, language: "fr" });
    for (const said of [
      `Facture ${printed}`,
      `Complète Facture ${documentNumber("invoice", invoice.number)}`,
      "Complément : la réservation a été modifiée pour un prix supérieur",
    ])
      expect(pdfSays(bytes, said), said).toBe(true);
  });

  it("issues no credit note for a refund of a sale not documented (a deposit given back before the car went out)", async () => {
    const [id] = await paidBookings(1, Date.UTC(2038, 0, 5, 9));
    const note = await database.db.transaction((tx) =>
      issueCreditNote(
        tx,
        { bookingId: id!, refundKey: "refund-early", amount: 1_000, currency: "USD", reason: "cancelled" },
        new Date(),
      ),
    );
    expect(note).toBeNull();
    expect(await bookingDocuments(database.db, id!)).toEqual({ document: null, supplements: [], creditNotes: [] });
  });

  it("keeps each day's totals equal to the documents issued that day (sales less credit notes), per place", async () => {
    // After every test above: fifty at once, credit notes, a rolled-back issue, another supplier's receipts.
    const live = await database.db
      .select({
        key: sql<string>`${schema.businessDocuments.supplierId} || ' ' || ${schema.businessDocuments.placeId} || ' ' ||
          to_char(${schema.businessDocuments.issuedAt} at time zone 'UTC', 'YYYY-MM-DD') || ' ' || ${schema.businessDocuments.currency}`,
        documents: sql<number>`count(*)::int`,
        net: sql<number>`sum(case when ${schema.businessDocuments.series} = 'creditNote' then -${schema.businessDocuments.amount} else ${schema.businessDocuments.amount} end)::int`,
      })
      .from(schema.businessDocuments)
      .groupBy(sql`1`);
    const kept = await database.db.select().from(schema.documentDayTotals);
    expect(live.length).toBeGreaterThan(2);
    expect(
      Object.fromEntries(
        kept.map((row) => [
          `${row.supplierId} ${row.placeId} ${row.day} ${row.currency}`,
          { documents: row.documents, net: Number(row.net) },
        ]),
      ),
    ).toEqual(Object.fromEntries(live.map((row) => [row.key, { documents: row.documents, net: row.net }])));
  });
});

describe("text for the PDF's font", () => {
  const latin1 = (codePoint: number) => codePoint >= 0x20 && codePoint <= 0xff;
  it("keeps what the font draws, drops an accent it lacks, and writes ? for a letter it lacks", () => {
    expect(drawableText("Reçu n° 1 — 12,50 €, año", () => true)).toBe("Reçu n° 1 — 12,50 €, año");
    expect(drawableText("1\u202f234,56\u00a0€", () => true)).toBe("1 234,56 €");
    expect(drawableText("Łódź Tunis تونس", latin1)).toBe("Lódz Tunis ????");
  });
});
