/**
 * A report as a table (decision 046), before it is written for a reader: the page formats each cell in the reader's
 * language, the CSV writes plain values a spreadsheet reads (decimal amounts, ISO dates, codes), every text cell
 * neutralised so none runs as a formula.
 */
import { formatMoneyIn } from "~/domain/money";
import type { Language } from "~/domain/enums";
import { csvLine, spreadsheetSafe } from "~/utils/csv";

export const REPORT_COLUMNS = [
  "month",
  "place",
  "car",
  "plate",
  "supplier",
  "category",
  "bookings",
  "days",
  "revenue",
  "tax",
  "cars",
  "booked",
  "blocked",
  "share",
  "at",
  "booking",
  "gateway",
  "kind",
  "amount",
  "currency",
  "reference",
  "document",
  "driver",
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

export type ReportCell =
  /** Words for the page; `code` in the CSV when given (a category's code rather than its name). */
  | { text: string; code?: string }
  | { count: number }
  /** Minor units of `currency`. */
  | { money: number; currency: string }
  /** 0 to 1. */
  | { share: number }
  /** A UTC month, YYYY-MM. */
  | { month: string }
  | { at: Date };

export interface ReportRow {
  key: string;
  cells: ReportCell[];
  /** Where the row's `linkColumn` cell leads (a car's or a booking's staff page). */
  link?: string;
}

export interface ReportTable {
  columns: ReportColumn[];
  /** The column whose cells link to their row's record. */
  linkColumn?: ReportColumn;
  rows: ReportRow[];
  /** The sums under the rows (one row, or one per currency), when the rows are the whole period's. */
  totals?: ReportCell[][];
  /** Rows in the whole report (the page shows a slice). */
  total: number;
}

const CURRENCY_DECIMALS: Record<string, number> = { JPY: 0, KRW: 0 };

/** An amount as a spreadsheet reads it: 1234.5 units, not "$1,234.50". */
export function plainAmount(minorUnits: number, currency: string): string {
  const decimals = CURRENCY_DECIMALS[currency.toUpperCase()] ?? 2;
  return (minorUnits / 10 ** decimals).toFixed(decimals);
}

/** One cell as the CSV writes it. */
export function csvValue(cell: ReportCell): string {
  if ("text" in cell) return spreadsheetSafe(cell.code ?? cell.text);
  if ("count" in cell) return String(cell.count);
  if ("money" in cell) return plainAmount(cell.money, cell.currency);
  if ("share" in cell) return cell.share.toFixed(4);
  if ("month" in cell) return cell.month;
  return cell.at.toISOString();
}

/** The whole table as CSV: a header of column names (stable, not translated), then every row and the totals. */
export function reportCsv(table: ReportTable): string {
  const lines = [csvLine(table.columns), ...table.rows.map((row) => csvLine(row.cells.map(csvValue)))];
  for (const totals of table.totals ?? []) lines.push(csvLine(["total", ...totals.slice(1).map(csvValue)]));
  return `${lines.join("\r\n")}\r\n`;
}

/** One cell as the page shows it, in the reader's language; times on UTC, as the report's days are. */
export function pageValue(cell: ReportCell, language: Language): string {
  if ("text" in cell) return cell.text;
  if ("count" in cell) return new Intl.NumberFormat(language).format(cell.count);
  if ("money" in cell) return formatMoneyIn(cell.money, cell.currency, language);
  if ("share" in cell)
    return new Intl.NumberFormat(language, { style: "percent", maximumFractionDigits: 1 }).format(cell.share);
  if ("month" in cell)
    return new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(
      new Date(`${cell.month}-01T00:00:00Z`),
    );
  return `${new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(cell.at)} UTC`;
}

/** Whether a column holds numbers (right-aligned on the page). */
export const isNumericColumn = (column: ReportColumn) =>
  (["bookings", "days", "revenue", "tax", "cars", "booked", "blocked", "share", "amount"] as const).some(
    (numeric) => numeric === column,
  );
