import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { readReportRequest } from "~/models/overview/report-request.server";
import { isNumericColumn, pageValue } from "~/models/overview/report-table";
import { reportTable } from "~/models/overview/report-tables.server";
import { CSV_ROW_CAP, REPORT_PAGE_SIZE, REPORTS } from "~/models/overview/reports.server";
import { getDb } from "~/utils/db.server";
import { ZIP_DOCUMENT_CAP } from "~/models/documents/documents-report.server";
import { routeTranslations } from "~/utils/i18n.server";
import { PRIVATE_PAGE } from "~/utils/responses.server";

/**
 * GET /manage/reports?report=…&from=…&to=…&place=…&supplier=…&page=…: one report of the business for any period
 * (issue 52, point 2; decision 046), a page of its rows, and the link to all of them as CSV.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "viewReports");
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  const now = new Date();
  const asked = await readReportRequest(db, actor, search, language, now, false);
  const { name, period } = asked.request;
  const [table, { t, translations }] = await Promise.all([
    reportTable(db, asked.request),
    routeTranslations(language, "manage"),
  ]);
  const day = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
  // The filters the form and the links keep, without the page of rows.
  const kept = new URLSearchParams(
    [...search.entries()].filter(([key]) => ["from", "to", "place", "supplier", "report"].includes(key)),
  );
  const linkColumn = table.linkColumn ? table.columns.indexOf(table.linkColumn) : -1;
  return data(
    {
      title: `${t(`reports.${name}`)} · ${t("reports.title")}`,
      report: name,
      reports: REPORTS.map((report) => {
        const link = new URLSearchParams(kept);
        link.set("report", report);
        return { name: report, label: t(`reports.${report}`), to: `/manage/reports?${link}` };
      }),
      filters: asked.filters,
      period: {
        from: period.from,
        to: period.to,
        text: t("reports.period", {
          from: day.format(period.start),
          to: day.format(new Date(period.end.getTime() - 1)),
          days: period.days,
        }),
      },
      problem: asked.problem,
      csv: `/manage/reports/export?${kept.toString() || `report=${name}`}`,
      // A CSV stops at its cap: said beside the link, never cut off silently (an admin's every car at 100k cars).
      csvCapped:
        table.total > CSV_ROW_CAP
          ? t("reports.problems.csvCapped", {
              cap: CSV_ROW_CAP.toLocaleString(language),
              rows: table.total.toLocaleString(language),
            })
          : null,
      // The documents themselves, for the accountant: a ZIP, or why not (decision 049).
      zip:
        name !== "documents"
          ? null
          : table.total > ZIP_DOCUMENT_CAP
            ? { problem: t("reports.problems.tooManyDocuments", { cap: ZIP_DOCUMENT_CAP, count: table.total }) }
            : { href: `/manage/reports/documents.zip?${kept}` },
      table: {
        columns: table.columns.map((column) => ({
          key: column,
          label: t(`reports.columns.${column}`),
          numeric: isNumericColumn(column),
        })),
        rows: table.rows.map((row) => ({
          key: row.key,
          cells: row.cells.map((cell, index) => ({
            text: pageValue(cell, language),
            to: index === linkColumn ? row.link : undefined,
          })),
        })),
        totals: table.totals?.map((cells) => cells.map((cell) => pageValue(cell, language))),
        total: table.total,
      },
      pages: {
        current: asked.page,
        count: Math.max(1, Math.ceil(table.total / REPORT_PAGE_SIZE)),
        search: kept.toString(),
      },
      translations,
    },
    { headers: { "Cache-Control": PRIVATE_PAGE } },
  );
}
