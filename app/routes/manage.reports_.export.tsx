import { type LoaderFunctionArgs } from "@remix-run/node";
import { requireOperatorFor } from "~/models/access/operator.server";
import { readReportRequest } from "~/models/overview/report-request.server";
import { reportCsv } from "~/models/overview/report-table";
import { reportTable } from "~/models/overview/report-tables.server";
import { getDb } from "~/utils/db.server";
import { PRIVATE_PAGE } from "~/utils/responses.server";

/** GET /manage/reports/export?…: the report on the screen, every row of it, as CSV (decision 046). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "viewReports");
  const db = await getDb();
  const { request: report } = await readReportRequest(
    db,
    actor,
    new URL(request.url).searchParams,
    language,
    new Date(),
    true,
  );
  const csv = reportCsv(await reportTable(db, report));
  const { name, period } = report;
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${period.from}-${period.to}.csv"`,
      "Cache-Control": PRIVATE_PAGE,
    },
  });
}
