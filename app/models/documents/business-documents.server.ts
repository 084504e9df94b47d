/**
 * The documents a business must keep (issue 52, decision 049): a booking's invoice (a receipt when its supplier has
 * no tax id) issued once, when the booking is paid in full or its car handed over, whichever comes first; numbered
 * per supplier and series without a gap. Its content is written as issued and never recomputed.
 *
 * Every caller already holds the booking's row lock (a confirmation's or a status change's update, the desk's
 * `for update`), so two events of one booking cannot both issue; the counter row's lock orders the supplier's
 * documents, and a rolled-back transaction gives its number back.
 */
import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { businessDocuments, supplierSettings } from "#db/schema";
import type { DocumentSeries } from "~/domain/enums";
import { bookedPriceLines, bookingReference } from "~/models/booking/booking";
import { findBookingDetails } from "~/models/booking/bookings.server";
import { rentalStopsOf } from "~/models/booking/booking-view.server";
import type { Database, Executor } from "~/utils/db.server";
import { documentNumber, type SaleContent } from "./document-lines";
import { saleDocumentPdf } from "./document-pdf.server";
import { rowsOf } from "~/utils/sql.server";

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
  const [existing] = await tx
    .select()
    .from(businessDocuments)
    .where(and(eq(businessDocuments.bookingId, bookingId), inArray(businessDocuments.series, ["invoice", "receipt"])));
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
  const number = await nextNumber(tx, booking.supplierId, series);
  const [issued] = await tx
    .insert(businessDocuments)
    .values({
      supplierId: booking.supplierId,
      bookingId,
      series,
      number,
      issuedAt: now,
      amount: content.lines.total,
      currency: booking.displayCurrency,
      language: details.driver.language,
      content: content as unknown as Record<string, unknown>,
    })
    .returning();
  if (!issued) throw new Error("document not issued");
  return issued;
}

export type BusinessDocument = typeof businessDocuments.$inferSelect;

/** A booking's invoice or receipt, or null before it is paid in full or handed over. */
export async function saleDocumentOf(db: Executor, bookingId: string): Promise<BusinessDocument | null> {
  const [found] = await db
    .select()
    .from(businessDocuments)
    .where(and(eq(businessDocuments.bookingId, bookingId), inArray(businessDocuments.series, ["invoice", "receipt"])));
  return found ?? null;
}

/** A supplier's documents issued in [from, to), in number order per series (a month's, for the accountant). */
export async function documentsIssued(db: Executor, supplierId: string, from: Date, to: Date) {
  return db
    .select()
    .from(businessDocuments)
    .where(
      and(
        eq(businessDocuments.supplierId, supplierId),
        gte(businessDocuments.issuedAt, from),
        lt(businessDocuments.issuedAt, to),
      ),
    )
    .orderBy(asc(businessDocuments.series), asc(businessDocuments.number));
}

/** A booking's sale document as its printable page shows it, or null before it is issued. */
export async function documentView(db: Executor, bookingId: string) {
  const document = await saleDocumentOf(db, bookingId);
  if (!document) return null;
  return {
    series: document.series,
    number: document.number,
    issuedAt: document.issuedAt.toISOString(),
    currency: document.currency,
    content: document.content as unknown as SaleContent,
  };
}

/**
 * A booking's sale document as a PDF download, never kept by a shared cache (it names the driver); null before it
 * is issued.
 */
export async function documentPdfResponse(db: Executor, bookingId: string): Promise<Response | null> {
  const document = await saleDocumentOf(db, bookingId);
  if (!document) return null;
  const bytes = await saleDocumentPdf(document);
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(bytes.length),
      "Content-Disposition": `attachment; filename="${documentNumber(document.series, document.number)}.pdf"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
