import type { LoaderFunctionArgs } from "@remix-run/node";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { findFleetImport } from "~/models/fleet/fleet-import-jobs.server";
import { fleetImportSummary, isFleetImportOpen } from "~/models/fleet/fleet-import-summary";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { notFound } from "~/utils/responses.server";

/** Seconds between two looks at a running job (the page's own refresh without JS, the revalidation with it). */
const RECHECK_SECONDS = 2;

/** GET /manage/cars/import/:importId: where a posted fleet file stands, then what came of it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "editFleet");
  const job = await findFleetImport(await getDb(), params.importId ?? "");
  if (!job) throw notFound();
  // Another supplier's import is answered as missing.
  assertMay(actor, "editFleet", job.supplierId);
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("import.job.title", { file: job.fileName }),
    job: fleetImportSummary(job),
    recheckSeconds: isFleetImportOpen(job.status) ? RECHECK_SECONDS : 0,
    translations,
  };
}
