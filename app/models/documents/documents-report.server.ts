/**
 * The documents a business issued in a period (issue 52, point 3; decision 049): its invoices, receipts and credit
 * notes, as the reports list them and as the accountant's ZIP holds them. In the reports' scope (a supplier's, or
 * every supplier's for an admin; one pick-up place optionally), by the day each was issued.
 */
import { asc, eq, gte, lt, sql } from "drizzle-orm";
import { businessDocuments, documentDayTotals, users } from "#db/schema";
import type { FiguresScope } from "~/models/overview/figures-scope.server";
import type { ReportPeriod } from "~/models/overview/report-period";
import type { Executor } from "~/utils/db.server";
import { allOf } from "~/utils/sql.server";
import { strToU8, zipSync, type Zippable } from "fflate";
import { documentNumber, isCreditNote, isSupplement, type DocumentContent } from "./document-lines";
import { documentPdf } from "./business-documents.server";

/** A ZIP holds at most this many documents; a longer period is asked in parts (each PDF is drawn on request). */
export const ZIP_DOCUMENT_CAP = 1_000;

const issuedIn = (scope: FiguresScope, period: ReportPeriod) =>
  allOf(
    gte(businessDocuments.issuedAt, period.start),
    lt(businessDocuments.issuedAt, period.end),
    scope.supplierId ? eq(businessDocuments.supplierId, scope.supplierId) : undefined,
    scope.placeId ? eq(businessDocuments.placeId, scope.placeId) : undefined,
  );

/** The period's days (a report's period is whole UTC days) in the day totals, in the scope. */
const totalledIn = (scope: FiguresScope, period: ReportPeriod) =>
  allOf(
    gte(documentDayTotals.day, period.start.toISOString().slice(0, 10)),
    lt(documentDayTotals.day, period.end.toISOString().slice(0, 10)),
    scope.supplierId ? eq(documentDayTotals.supplierId, scope.supplierId) : undefined,
    scope.placeId ? eq(documentDayTotals.placeId, scope.placeId) : undefined,
  );

/**
 * What a document states in money: its amount and tax, negative for a credit note (money the sale gave back), as
 * charged for a supplement (what a change added to the sale).
 */
function signedFigures(content: DocumentContent, amount: number) {
  if (isCreditNote(content)) return { amount: -amount, tax: -content.tax.amount };
  if (isSupplement(content)) return { amount, tax: content.tax.amount };
  return { amount, tax: content.lines.tax.amount };
}

/** The period's documents in the scope, in the order issued, a slice of them; with the count and per-currency sums. */
export async function documentsIssuedIn(
  db: Executor,
  scope: FiguresScope,
  period: ReportPeriod,
  slice: { offset: number; limit: number },
) {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: businessDocuments.id,
        series: businessDocuments.series,
        number: businessDocuments.number,
        issuedAt: businessDocuments.issuedAt,
        bookingId: businessDocuments.bookingId,
        amount: businessDocuments.amount,
        currency: businessDocuments.currency,
        content: businessDocuments.content,
        supplierId: businessDocuments.supplierId,
        supplier: users.fullName,
      })
      .from(businessDocuments)
      .innerJoin(users, eq(users.id, businessDocuments.supplierId))
      .where(issuedIn(scope, period))
      .orderBy(asc(businessDocuments.issuedAt), asc(businessDocuments.series), asc(businessDocuments.number))
      .offset(slice.offset)
      .limit(slice.limit),
    // The sums from the day totals kept as each document is issued: a few rows a day, whatever the business's size.
    db
      .select({
        currency: documentDayTotals.currency,
        documents: sql<number>`coalesce(sum(${documentDayTotals.documents}), 0)::int`,
        net: sql<number>`coalesce(sum(${documentDayTotals.net}), 0)::bigint`,
      })
      .from(documentDayTotals)
      .where(totalledIn(scope, period))
      .groupBy(documentDayTotals.currency)
      .orderBy(documentDayTotals.currency),
  ]);
  return {
    total: totals.reduce((sum, row) => sum + Number(row.documents), 0),
    totals: totals.map((row) => ({ currency: row.currency, documents: Number(row.documents), net: Number(row.net) })),
    rows: rows.map(({ content, amount, ...row }) => {
      const stated = content as unknown as DocumentContent;
      return { ...row, driver: stated.buyer.fullName, ...signedFigures(stated, amount) };
    }),
  };
}

/**
 * The period's documents in the scope as one ZIP for the accountant: each as its PDF (`INV-000001.pdf`; in a folder
 * per supplier for an admin, numbers being per supplier), and the report's CSV (`index`, asked only once the count is
 * known to fit) beside them. Null when there are more than `ZIP_DOCUMENT_CAP`.
 */
export async function documentsZip(
  db: Executor,
  scope: FiguresScope,
  period: ReportPeriod,
  { index, admin }: { index: () => Promise<string>; admin: boolean },
): Promise<Uint8Array | null> {
  const [counted] = await db
    .select({ documents: sql<number>`coalesce(sum(${documentDayTotals.documents}), 0)::int` })
    .from(documentDayTotals)
    .where(totalledIn(scope, period));
  if ((counted?.documents ?? 0) > ZIP_DOCUMENT_CAP) return null;
  const rows = await db
    .select({ document: businessDocuments, supplier: users.fullName })
    .from(businessDocuments)
    .innerJoin(users, eq(users.id, businessDocuments.supplierId))
    .where(issuedIn(scope, period))
    .orderBy(asc(businessDocuments.issuedAt), asc(businessDocuments.series), asc(businessDocuments.number))
    .limit(ZIP_DOCUMENT_CAP + 1);
  if (rows.length > ZIP_DOCUMENT_CAP) return null;
  const at = new Date(Math.max(period.start.getTime(), Date.UTC(1980, 0, 1)));
  // PDFs are compressed already: stored as they are.
  const files: Zippable = { "documents.csv": [strToU8(await index()), { level: 6 }] };
  for (const { document, supplier } of rows) {
    const name = `${documentNumber(document.series, document.number)}.pdf`;
    const folder = admin ? `${supplierFolder(supplier, document.supplierId)}/` : "";
    files[`${folder}${name}`] = [await documentPdf(db, document), { level: 0 }];
  }
  return zipSync(files, { mtime: at });
}

/** A supplier's folder in an admin's ZIP: its name in plain letters, and the start of its id (two may share a name). */
const supplierFolder = (name: string, id: string) =>
  `${name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 40)}-${id.slice(0, 8)}`;
