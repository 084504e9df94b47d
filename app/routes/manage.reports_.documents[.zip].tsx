import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { documentsZip } from "~/models/documents/documents-report.server";
import { readReportRequest } from "~/models/overview/report-request.server";
import { reportCsv } from "~/models/overview/report-table";
import { reportTable } from "~/models/overview/report-tables.server";
import { getDb } from "~/utils/db.server";
import { privateDownload } from "~/utils/responses.server";

/**
 * GET /manage/reports/documents.zip?from=…&to=…&place=…&supplier=…: the period's invoices, receipts and credit notes
 * as PDFs in one ZIP, with the documents report as CSV beside them (decision 049), for the accountant. Over the
 * ZIP's cap, back to the report, which says to ask a shorter period.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "viewReports");
  const db = await getDb();
  const search = new URL(request.url).searchParams;
  search.set("report", "documents");
  const { request: report } = await readReportRequest(db, actor, search, language, new Date(), true);
  // The CSV (every row) is made only for a ZIP within its cap.
  const index = async () => reportCsv(await reportTable(db, report));
  const zip = await documentsZip(db, report.scope, report.period, { index, admin: report.admin });
  if (!zip) throw redirect(`/manage/reports?${search}`, 303);
  // It names drivers: never kept by a shared cache.
  return privateDownload(zip, "application/zip", `documents-${report.period.from}-${report.period.to}.zip`);
}
