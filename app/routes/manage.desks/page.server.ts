import type { LoaderFunctionArgs } from "@remix-run/node";
import { localizedName } from "~/domain/localized-name";
import { isWeeklyHours } from "~/domain/pickup-desk";
import { supplierScope } from "~/models/access/operator-access";
import { requireOperatorFor } from "~/models/access/operator.server";
import { desksRunBy } from "~/models/catalogue/supplier-desks.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";

/**
 * GET /manage/desks: the desks the supplier runs (decision 048), each with its address and whether its hours are on
 * record, linking to its form. An admin sees every desk a supplier runs (it edits any desk from the places' pages).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "editOwnDesks");
  const { t, translations } = await routeTranslations(language, "manage");
  const desks = await desksRunBy(await getDb(), supplierScope(actor, null));
  return {
    title: t("desks.title"),
    desks: desks.map((desk) => ({
      id: desk.id,
      place: localizedName(desk, language),
      supplier: desk.supplierName,
      kind: desk.deskKind,
      address: desk.address,
      phone: desk.phone,
      hasHours: isWeeklyHours(desk.openingHours),
    })),
    showSupplier: actor.role === "admin",
    translations,
  };
}
