/**
 * The documents a business must keep (issue 52, decision 049): a booking's invoice (a receipt when its supplier has
 * no tax id) issued once, when the booking is paid in full or its car handed over, whichever comes first; numbered
 * per supplier and series without a gap. Its content is written as issued and never recomputed.
 *
 * Every caller already holds the booking's row lock (a confirmation's or a status change's update, the desk's
 * `for update`), so two events of one booking cannot both issue; the counter row's lock orders the supplier's
 * documents, and a rolled-back transaction gives its number back.
 */
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { businessDocuments, documentDayTotals, supplierSettings } from "#db/schema";
import { CURRENCIES, isOneOf, type Currency, type DocumentSeries, type RefundReason } from "~/domain/enums";
import { bookedPriceLines, bookingReference } from "~/models/booking/booking";
import { findBookingDetails } from "~/models/booking/bookings.server";
import { rentalStopsOf } from "~/models/booking/booking-view.server";
import type { Database, Executor } from "~/utils/db.server";
import {
  chargedShare,
  creditedShare,
  documentNumber,
  parseDocumentNumber,
  type CreditNoteContent,
  type DocumentContent,
  type SaleContent,
  type SupplementContent,
} from "./document-lines";
import { businessDocumentPdf } from "./document-pdf.server";
import { rowsOf } from "~/utils/sql.server";
import { privateDownload } from "~/utils/responses.server";

/** A booking's own invoice or receipt (one at most), not a supplement to it. */
const saleOf = (bookingId: string) =>
  and(
    eq(businessDocuments.bookingId, bookingId),
    inArray(businessDocuments.series, ["invoice", "receipt"]),
    isNull(businessDocuments.paymentId),
  );

/** Takes the supplier's next number in `series` (the counter's row lock is held to the end of the transaction). */
async function nextNumber(tx: Executor, supplierId: string, series: DocumentSeries): Promise<number> {
  const [row] = await rowsOf<{ last_number: number }>(
    tx,
    sql`insert into document_counters (supplier_id, series, last_number) values (${supplierId}, ${series}, 1)
        on conflict (supplier_id, series) do update set last_number = document_counters.last_number + 1
        returning last_number`,
  );
  if (!row) throw new Error("no document number taken");
  return Number(row.last_number);
}

/**
 * Issues the booking's invoice or receipt unless it has one; answers the document either way. In its own
 * transaction (a savepoint in the caller's), so the number and the document are taken together or not at all.
 */
export async function issueSaleDocument(db: Pick<Database, "transaction">, bookingId: string, now: Date) {
  return db.transaction((tx) => issueInTransaction(tx, bookingId, now));
}

async function issueInTransaction(tx: Executor, bookingId: string, now: Date) {
  const [existing] = await tx.select().from(businessDocuments).where(saleOf(bookingId));
  if (existing) return existing;
  const details = await findBookingDetails(tx, { id: bookingId });
  if (!details) throw new Error(`no booking ${bookingId} to invoice`);
  const { booking } = details;
  const [seller] = await tx
    .select({ name: supplierSettings.legalName, address: supplierSettings.legalAddress, taxId: supplierSettings.taxId })
    .from(supplierSettings)
    .where(eq(supplierSettings.supplierId, booking.supplierId));
  const series: DocumentSeries = seller?.taxId ? "invoice" : "receipt";
  const content: SaleContent = {
    reference: bookingReference(booking.id),
    seller: {
      name: seller?.name || details.supplierName,
      address: seller?.address ?? null,
      taxId: seller?.taxId ?? null,
    },
    buyer: { fullName: details.driver.fullName, email: details.driver.email, phone: details.driver.phone },
    car: details.car.name,
    ...rentalStopsOf(details),
    days: booking.days,
    hours: booking.hours,
    lines: bookedPriceLines(booking, details.additionalDrivers.length),
  };
  return insertDocument(tx, {
    supplierId: booking.supplierId,
    bookingId,
    placeId: booking.pickupLocationId,
    series,
    number: await nextNumber(tx, booking.supplierId, series),
    issuedAt: now,
    amount: content.lines.total,
    currency: booking.displayCurrency,
    language: details.driver.language,
    content: content as unknown as Record<string, unknown>,
  });
}

/**
 * Writes an issued document and adds it to its day's totals (a credit note takes its amount off), in the issuing
 * transaction: the documents report sums those rows, never a period's documents.
 */
async function insertDocument(tx: Executor, values: typeof businessDocuments.$inferInsert) {
  const [issued] = await tx.insert(businessDocuments).values(values).returning();
  if (!issued) throw new Error("document not issued");
  const net = issued.series === "creditNote" ? -issued.amount : issued.amount;
  await tx
    .insert(documentDayTotals)
    .values({
      supplierId: issued.supplierId,
      placeId: issued.placeId,
      day: issued.issuedAt.toISOString().slice(0, 10),
      currency: issued.currency,
      documents: 1,
      net,
    })
    .onConflictDoUpdate({
      target: [
        documentDayTotals.supplierId,
        documentDayTotals.day,
        documentDayTotals.placeId,
        documentDayTotals.currency,
      ],
      set: {
        documents: sql`${documentDayTotals.documents} + 1`,
        net: sql`${documentDayTotals.net} + ${net}`,
      },
    });
  return issued;
}

/**
 * Issues the credit note a refund calls for (decision 049, amended): when the booking's sale was documented, the
 * refund credits it, up to what the sale still has not had credited. Once per refund (`refundKey`, the gateway's
 * idempotency key); in the transaction that records the refund, after the payment's lock (the booking's documents
 * are then ordered by the counter's). Null when there is nothing to credit: no sale documented yet (a refund before
 * the car went out, of a deposit, a payment for a car taken), or the sale wholly credited.
 */
export async function issueCreditNote(
  tx: Executor,
  refund: { bookingId: string; refundKey: string; amount: number; currency: string; reason: RefundReason },
  now: Date,
) {
  const sale = await saleDocumentOf(tx, refund.bookingId);
  // (A gateway that took another currency than the four we sell in is credited by hand: it never has so far.)
  if (!sale || !isOneOf(CURRENCIES, refund.currency)) return null;
  const currency: Currency = refund.currency;
  const [existing] = await tx.select().from(businessDocuments).where(eq(businessDocuments.refundKey, refund.refundKey));
  if (existing) return existing;
  const saleContent = sale.content as unknown as SaleContent;
  // A refund in another currency than sold (a gateway that charged in its own) is credited as given back.
  const creditable = refund.currency === sale.currency ? await documentedNet(tx, sale) : null;
  const share = creditedShare(saleContent, creditable, refund.amount);
  if (!share) return null;
  const { lines: _lines, days: _days, hours: _hours, ...parties } = saleContent;
  const content: CreditNoteContent = {
    ...parties,
    corrects: { series: sale.series, number: sale.number },
    reason: refund.reason,
    ...share,
  };
  return insertDocument(tx, {
    supplierId: sale.supplierId,
    bookingId: refund.bookingId,
    placeId: sale.placeId,
    series: "creditNote",
    number: await nextNumber(tx, sale.supplierId, "creditNote"),
    issuedAt: now,
    amount: share.credited,
    currency,
    language: sale.language,
    refundKey: refund.refundKey,
    content: content as unknown as Record<string, unknown>,
  });
}

/**
 * Issues the supplementary invoice or receipt a balance calls for (decision 049, amended): when a change made a booking
 * whose sale was already documented dearer, what its payment link collected is documented as a supplement to that
 * sale, numbered in the sale's series, up to what the booking now sells for beyond what its documents say (the sale
 * and its supplements, less its credit notes): a security deposit taken with it was never sold, and a sale documented
 * after the change already says the new price. Once per payment (`paymentId`); in the transaction that settles the
 * payment, under the booking's lock. Null when there is nothing to add.
 */
export async function issueSupplement(
  tx: Executor,
  balance: { bookingId: string; paymentId: string; amount: number; currency: string },
  now: Date,
) {
  const sale = await saleDocumentOf(tx, balance.bookingId);
  if (!sale || !isOneOf(CURRENCIES, balance.currency)) return null;
  const [existing] = await tx
    .select()
    .from(businessDocuments)
    .where(eq(businessDocuments.paymentId, balance.paymentId));
  if (existing) return existing;
  const details = await findBookingDetails(tx, { id: balance.bookingId });
  if (!details) return null;
  const sellsFor = bookedPriceLines(details.booking, details.additionalDrivers.length).total;
  // Money taken in another currency than sold (a gateway that charged in its own) is documented as collected.
  const unsold = balance.currency === sale.currency ? sellsFor - (await documentedNet(tx, sale)) : balance.amount;
  const saleContent = sale.content as unknown as SaleContent;
  const share = chargedShare(saleContent, Math.min(balance.amount, unsold));
  if (!share) return null;
  const { lines: _lines, days: _days, hours: _hours, ...parties } = saleContent;
  const content: SupplementContent = {
    ...parties,
    supplements: { series: sale.series, number: sale.number },
    reason: "changed",
    ...share,
  };
  return insertDocument(tx, {
    supplierId: sale.supplierId,
    bookingId: balance.bookingId,
    placeId: sale.placeId,
    series: sale.series,
    number: await nextNumber(tx, sale.supplierId, sale.series),
    issuedAt: now,
    amount: share.charged,
    currency: balance.currency,
    language: sale.language,
    paymentId: balance.paymentId,
    content: content as unknown as Record<string, unknown>,
  });
}

/** What a booking's documents say it sold, in its sale's currency: the sale and its supplements, less credit notes. */
async function documentedNet(tx: Executor, sale: BusinessDocument): Promise<number> {
  const [row] = await tx
    .select({
      net: sql<number>`coalesce(sum(case when ${businessDocuments.series} = 'creditNote' then -${businessDocuments.amount} else ${businessDocuments.amount} end), 0)::int`,
    })
    .from(businessDocuments)
    .where(and(eq(businessDocuments.bookingId, sale.bookingId), eq(businessDocuments.currency, sale.currency)));
  return Number(row?.net ?? 0);
}

export type BusinessDocument = typeof businessDocuments.$inferSelect;

/** A document as pages link it. */
export type DocumentName = { series: DocumentSeries; number: number };

/**
 * What a booking's pages link: its invoice or receipt (null before it is issued), then its supplements and its credit
 * notes, oldest first (one query).
 */
export async function bookingDocuments(
  db: Executor,
  bookingId: string,
): Promise<{ document: DocumentName | null; supplements: DocumentName[]; creditNotes: DocumentName[] }> {
  const rows = await db
    .select({
      series: businessDocuments.series,
      number: businessDocuments.number,
      supplement: isNotNull(businessDocuments.paymentId),
    })
    .from(businessDocuments)
    .where(eq(businessDocuments.bookingId, bookingId))
    .orderBy(asc(businessDocuments.issuedAt), asc(businessDocuments.number));
  const named = ({ series, number }: DocumentName) => ({ series, number });
  const sale = rows.find((row) => row.series !== "creditNote" && !row.supplement);
  return {
    document: sale ? named(sale) : null,
    supplements: rows.filter((row) => row.supplement).map(named),
    creditNotes: rows.filter((row) => row.series === "creditNote").map(named),
  };
}

/** A booking's invoice or receipt, or null before it is paid in full or handed over. */
export async function saleDocumentOf(db: Executor, bookingId: string): Promise<BusinessDocument | null> {
  const [found] = await db.select().from(businessDocuments).where(saleOf(bookingId));
  return found ?? null;
}

/**
 * One of a booking's documents: its invoice or receipt, or one of its supplements or credit notes by its printed
 * number ("INV-000007", "CRN-000003"); null when the booking has no such document.
 */
async function bookingDocument(db: Executor, bookingId: string, printed?: string | null) {
  if (!printed) return saleDocumentOf(db, bookingId);
  const named = parseDocumentNumber(printed);
  if (!named) return null;
  const [found] = await db
    .select()
    .from(businessDocuments)
    .where(
      and(
        eq(businessDocuments.bookingId, bookingId),
        eq(businessDocuments.series, named.series),
        eq(businessDocuments.number, named.number),
      ),
    );
  return found ?? null;
}

/** A booking's document as its printable page shows it (the sale's, or a credit note named), or null. */
export async function documentView(db: Executor, bookingId: string, printed?: string | null) {
  const document = await bookingDocument(db, bookingId, printed);
  if (!document) return null;
  return {
    series: document.series,
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    currency: document.currency,
    content: document.content as unknown as DocumentContent,
  };
}

/** A document's PDF, drawn the first time it is asked and kept (a document never changes once issued). */
export async function documentPdf(db: Executor, document: BusinessDocument): Promise<Uint8Array> {
  if (document.pdf) return document.pdf;
  const bytes = await businessDocumentPdf(document);
  await db
    .update(businessDocuments)
    .set({ pdf: bytes })
    .where(and(eq(businessDocuments.id, document.id), isNull(businessDocuments.pdf)));
  return bytes;
}

/**
 * A booking's document as a PDF download, never kept by a shared cache (it names the driver); null when there is no
 * such document.
 */
export async function documentPdfResponse(
  db: Executor,
  bookingId: string,
  printed?: string | null,
): Promise<Response | null> {
  const document = await bookingDocument(db, bookingId, printed);
  if (!document) return null;
  const bytes = await documentPdf(db, document);
  return privateDownload(bytes, "application/pdf", `${documentNumber(document.series, document.number)}.pdf`);
}
