/**
 * The overview's and the reports' plain GET filters (decisions 045 and 046): a pick-up place by its slug and, for an
 * admin, a supplier. What the address asks is only a wish: a supplier's figures are always its own team's, and a place
 * outside the operator's list is ignored.
 */
import type { Language } from "~/domain/enums";
import { isUuid } from "~/domain/ids";
import { localizedName } from "~/domain/localized-name";
import { supplierScope, type Operator } from "~/models/access/operator-access";
import { listSuppliers, placeChoices } from "~/models/fleet/fleet.server";
import type { Executor } from "~/utils/db.server";
import type { FiguresScope } from "./figures-scope.server";

export async function readFiguresFilters(
  db: Executor,
  operator: Operator,
  search: URLSearchParams,
  language: Language,
) {
  const asked = search.get("supplier");
  const supplierId = supplierScope(operator, isUuid(asked) ? asked : null);
  const admin = operator.role === "admin";
  const [places, suppliers] = await Promise.all([
    placeChoices(db, supplierId, [], true),
    admin ? listSuppliers(db) : Promise.resolve(null),
  ]);
  const place = places.find((candidate) => candidate.slug === search.get("place")) ?? null;
  const scope: FiguresScope = { supplierId, placeId: place?.id ?? null };
  return {
    scope,
    /** What the filter form shows. */
    filters: {
      place: place?.slug ?? "",
      supplier: admin ? (supplierId ?? "") : null,
      places: places.map((candidate) => ({ slug: candidate.slug, name: localizedName(candidate, language) })),
      suppliers: suppliers?.map((supplier) => ({ id: supplier.id, name: supplier.name })) ?? null,
    },
  };
}
