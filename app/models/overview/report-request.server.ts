/**
 * What a report's address asks (decision 046): which report, whose figures, which days, which page of rows. Read the
 * same way by the page and by its CSV, so the download is the table on the screen, every row of it.
 */
import { isOneOf, type Language } from "~/domain/enums";
import type { Operator } from "~/models/access/operator-access";
import type { Executor } from "~/utils/db.server";
import { readFiguresFilters } from "./figures-filters.server";
import { parseReportPeriod } from "./report-period";
import { CSV_ROW_CAP, REPORT_PAGE_SIZE, REPORTS } from "./reports.server";
import type { ReportRequest } from "./report-tables.server";

export async function readReportRequest(
  db: Executor,
  operator: Operator,
  search: URLSearchParams,
  language: Language,
  now: Date,
  wholeReport: boolean,
) {
  const asked = search.get("report");
  const name = isOneOf(REPORTS, asked) ? asked : REPORTS[0];
  const { period, problem } = parseReportPeriod(search, now);
  const { scope, filters } = await readFiguresFilters(db, operator, search, language);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(search.get("page") ?? "1", 10) || 1));
  const request: ReportRequest = {
    name,
    scope,
    period,
    slice: wholeReport
      ? { offset: 0, limit: CSV_ROW_CAP }
      : { offset: (page - 1) * REPORT_PAGE_SIZE, limit: REPORT_PAGE_SIZE },
    language,
    admin: operator.role === "admin",
  };
  return { request, page, problem, filters };
}
