/**
 * Each report of `reports.server.ts` as a table (decision 046): the same rows for the page (a slice, formatted by
 * `report-table.ts`) and for its CSV (every row up to `CSV_ROW_CAP`).
 */
import type { Language } from "~/domain/enums";
import { localizedName } from "~/domain/localized-name";
import type { Executor } from "~/utils/db.server";
import { bookingReference } from "~/models/booking/booking";
import { documentsIssuedIn } from "~/models/documents/documents-report.server";
import { documentNumber } from "~/models/documents/document-lines";
import { getTranslator } from "~/utils/i18n.server";
import type { FiguresScope } from "./figures-scope.server";
import type { ReportPeriod } from "./report-period";
import type { ReportCell, ReportColumn, ReportTable } from "./report-table";
import {
  moneyMovements,
  revenueByCar,
  revenueByMonth,
  revenueByPlace,
  utilisationByCar,
  utilisationByCategory,
  type ReportName,
  type RevenueFigures,
  type Slice,
} from "./reports.server";

export interface ReportRequest {
  name: ReportName;
  scope: FiguresScope;
  period: ReportPeriod;
  slice: Slice;
  language: Language;
  /** An admin's reports name each car's supplier. */
  admin: boolean;
}

const USD = (cents: number): ReportCell => ({ money: cents, currency: "USD" });
const revenueCells = (figures: RevenueFigures): ReportCell[] => [
  { count: figures.bookings },
  { count: figures.days },
  USD(figures.revenue),
  USD(figures.tax),
];
const REVENUE_COLUMNS: ReportColumn[] = ["bookings", "days", "revenue", "tax"];

function sumRevenue(rows: RevenueFigures[]): RevenueFigures {
  return rows.reduce(
    (sum, row) => ({
      bookings: sum.bookings + row.bookings,
      days: sum.days + row.days,
      revenue: sum.revenue + row.revenue,
      tax: sum.tax + row.tax,
    }),
    { bookings: 0, days: 0, revenue: 0, tax: 0 },
  );
}

const shareOf = (part: number, whole: number) => (whole > 0 ? part / whole : 0);

/** A car's row: its name (linking to its staff page) and plate, then the report's `more` cells. */
const carRow = (car: { carId: string; name: string; plate: string }, more: ReportCell[]) => ({
  key: car.carId,
  link: `/manage/cars/${car.carId}`,
  cells: [{ text: car.name }, { text: car.plate }, ...more],
});

export async function reportTable(db: Executor, request: ReportRequest): Promise<ReportTable> {
  const { name, scope, period, slice, language, admin } = request;
  const [t, common] = await Promise.all([getTranslator(language, "manage"), getTranslator(language, "common")]);
  const supplierColumn: ReportColumn[] = admin ? ["supplier"] : [];
  switch (name) {
    case "revenueByMonth": {
      const rows = await revenueByMonth(db, scope, period);
      return {
        columns: ["month", ...REVENUE_COLUMNS],
        rows: rows.map((row) => ({ key: row.month, cells: [{ month: row.month }, ...revenueCells(row)] })),
        totals: [[{ text: t("reports.total") }, ...revenueCells(sumRevenue(rows))]],
        total: rows.length,
      };
    }
    case "revenueByPlace": {
      const { rows, total, totals } = await revenueByPlace(db, scope, period, slice, language);
      return {
        columns: ["place", ...REVENUE_COLUMNS],
        rows: rows.map((row) => ({
          key: row.placeId,
          cells: [{ text: localizedName(row.names, language) }, ...revenueCells(row)],
        })),
        totals: [[{ text: t("reports.total") }, ...revenueCells(totals)]],
        total,
      };
    }
    case "revenueByCar": {
      const { rows, total } = await revenueByCar(db, scope, period, slice);
      return {
        columns: ["car", "plate", ...supplierColumn, ...REVENUE_COLUMNS],
        linkColumn: "car",
        rows: rows.map((row) => carRow(row, [...(admin ? [{ text: row.supplier }] : []), ...revenueCells(row)])),
        total,
      };
    }
    case "utilisationByCar": {
      const { rows, total } = await utilisationByCar(db, scope, period, slice);
      return {
        columns: ["car", "plate", "category", ...supplierColumn, "booked", "blocked", "share"],
        linkColumn: "car",
        rows: rows.map((row) =>
          carRow(row, [
            { text: common(`ranges.${row.range}`), code: row.range },
            ...(admin ? [{ text: row.supplier }] : []),
            { count: row.booked },
            { count: row.blocked },
            { share: shareOf(row.booked, period.days) },
          ]),
        ),
        total,
      };
    }
    case "utilisationByCategory": {
      const rows = await utilisationByCategory(db, scope, period);
      const cells = (cars: number, booked: number, blocked: number): ReportCell[] => [
        { count: cars },
        { count: booked },
        { count: blocked },
        { share: shareOf(booked, cars * period.days) },
      ];
      const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((all, row) => all + pick(row), 0);
      return {
        columns: ["category", "cars", "booked", "blocked", "share"],
        rows: rows.map((row) => ({
          key: row.range,
          cells: [
            { text: common(`ranges.${row.range}`), code: row.range },
            ...cells(row.cars, row.booked, row.blocked),
          ],
        })),
        totals: [
          [
            { text: t("reports.total") },
            ...cells(
              sum((row) => row.cars),
              sum((row) => row.booked),
              sum((row) => row.blocked),
            ),
          ],
        ],
        total: rows.length,
      };
    }
    case "documents": {
      const { rows, total, totals } = await documentsIssuedIn(db, scope, period, slice);
      return {
        columns: ["at", "document", "booking", ...supplierColumn, "driver", "amount", "tax", "currency"],
        linkColumn: "booking",
        rows: rows.map((row) => ({
          key: row.id,
          link: `/manage/bookings/${row.bookingId}`,
          cells: [
            { at: row.issuedAt },
            { text: documentNumber(row.series, row.number) },
            { text: bookingReference(row.bookingId) },
            ...(admin ? [{ text: row.supplier }] : []),
            { text: row.driver },
            { money: row.amount, currency: row.currency },
            { money: row.tax, currency: row.currency },
            { text: row.currency },
          ],
        })),
        // Per currency: how many documents, and what they state net of credit notes.
        totals: totals.map((sum) => [
          { text: t("reports.total") },
          { text: "" },
          { count: sum.documents },
          ...(admin ? [{ text: "" }] : []),
          { text: "" },
          { money: sum.net, currency: sum.currency },
          { text: "" },
          { text: sum.currency },
        ]),
        total,
      };
    }
    case "payments": {
      const { rows, total, totals } = await moneyMovements(db, scope, period, slice);
      return {
        columns: ["at", "booking", "gateway", "kind", "amount", "currency", "reference"],
        linkColumn: "booking",
        rows: rows.map((row, index) => ({
          key: `${row.at.toISOString()}-${index}`,
          link: `/manage/bookings/${row.bookingId}`,
          cells: [
            { at: row.at },
            { text: row.reference },
            { text: t(`reports.gateways.${row.gateway}`), code: row.gateway },
            { text: t(`reports.kinds.${row.kind}`), code: row.kind },
            { money: row.kind === "refund" ? -row.amount : row.amount, currency: row.currency },
            { text: row.currency },
            { text: row.gatewayReference },
          ],
        })),
        // Per currency: what was taken less what was given back.
        totals: totals.map((sum) => [
          { text: t("reports.total") },
          { text: "" },
          { text: "" },
          { text: t("reports.movements", { payments: sum.payments, refunds: sum.refunds }) },
          { money: sum.taken - sum.givenBack, currency: sum.currency },
          { text: sum.currency },
          { text: "" },
        ]),
        total,
      };
    }
  }
}
