import { supplierScope } from "~/models/access/operator-access";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { exportFleet } from "~/models/fleet/fleet-import.server";
import { listSuppliers } from "~/models/fleet/fleet.server";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { notFound, PRIVATE_PAGE } from "~/utils/responses.server";

/** GET /manage/cars/export?supplier=…: the supplier's fleet as a fleet file (the import's format, decision 027). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "viewFleet");
  const db = await getDb();
  const requested = new URL(request.url).searchParams.get("supplier");
  const supplier =
    actor.role === "admin"
      ? (await listSuppliers(db)).find((candidate) => candidate.id === requested)
      : { id: supplierScope(actor, null) ?? "", slug: "fleet" };
  if (!supplier) throw notFound();
  assertMay(actor, "viewFleet", supplier.id);
  const text = await exportFleet(db, supplier.id);
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${supplier.slug}-fleet-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": PRIVATE_PAGE,
    },
  });
}
