import { supplierScope } from "~/models/access/operator-access";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { FleetProblem } from "~/models/fleet/fleet-file";
import { queueFleetImport, recentFleetImports } from "~/models/fleet/fleet-import-jobs.server";
import { fleetImportSummary } from "~/models/fleet/fleet-import-summary";
import { listSuppliers } from "~/models/fleet/fleet.server";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { redirect } from "@remix-run/node";
import { readPostedForm } from "~/utils/uploads.server";

/** GET /manage/cars/import: the fleet file's import form, its export link and its columns. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "editFleet");
  const db = await getDb();
  const suppliers = actor.role === "admin" ? await listSuppliers(db) : null;
  const ownSupplier = actor.role === "admin" ? null : supplierScope(actor, null);
  const recent = await recentFleetImports(db, ownSupplier);
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("import.title"),
    suppliers,
    ownSupplier,
    recent: recent.map(fleetImportSummary),
    maxMegabytes: Math.floor((getEnv().UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10,
    translations,
  };
}

type ImportAnswer = { problems: FleetProblem[]; supplier: string | null };
const refused = (problems: FleetProblem[], supplier: string | null, status = 400) =>
  data<ImportAnswer>({ problems, supplier }, { status });

/** POST: a fleet file, stored as an import job; its page shows the job until every car is written or the file refused. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "editFleet");
  const posted = await readPostedForm(request);
  if (typeof posted === "string")
    return refused(
      [
        {
          line: 0,
          column: null,
          key: posted,
          params: { size: Math.floor((getEnv().UPLOAD_MAX_BYTES / (1024 * 1024)) * 10) / 10 },
        },
      ],
      null,
      posted === "validation.fileTooLarge" ? 413 : 400,
    );
  const db = await getDb();
  const chosen = String(posted.get("supplier") ?? "");
  const supplierId =
    actor.role === "admin"
      ? ((await listSuppliers(db)).find((supplier) => supplier.id === chosen)?.id ?? null)
      : supplierScope(actor, null);
  if (!supplierId) return refused([{ line: 0, column: "supplier", key: "manage:validation.supplierRequired" }], null);
  assertMay(actor, "editFleet", supplierId);
  const file = posted.get("file");
  if (!(file instanceof File) || file.size === 0)
    return refused([{ line: 0, column: null, key: "validation.fileRequired" }], supplierId);
  let text: string;
  try {
    // Checked by content: a fleet file is UTF-8 text; anything else is named as such, never half read.
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return refused([{ line: 0, column: null, key: "manage:import.notText" }], supplierId);
  }
  // Read, checked and written by the background worker (decision 027): 10,000 rows take seconds, the answer does not.
  const id = await queueFleetImport(db, actor, supplierId, { name: file.name || "fleet.csv", text });
  return redirect(`/manage/cars/import/${id}`);
}
