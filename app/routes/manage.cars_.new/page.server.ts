import { supplierScope } from "~/models/access/operator-access";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { carFieldsSchema, EMPTY_DATE_PRICE_ROWS, NEW_CAR_DEFAULTS } from "~/models/fleet/car-form";
import { submitCarForm } from "~/models/fleet/car-editor.server";
import { listSuppliers, placeChoices } from "~/models/fleet/fleet.server";
import { assertMay, requireOperatorFor } from "~/models/access/operator.server";
import { getDb } from "~/utils/db.server";
import { constraintOf } from "~/utils/form-constraints.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";
import { localizedName } from "~/domain/localized-name";

/** GET /manage/cars/new: an empty car form (a supplier adds to its own fleet; an admin chooses the supplier). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { actor, language } = await requireOperatorFor(request, context, "editFleet");
  const db = await getDb();
  const requested = new URL(request.url).searchParams.get("supplier");
  const suppliers = actor.role === "admin" ? await listSuppliers(db) : null;
  const supplierId =
    actor.role === "admin"
      ? (suppliers?.find((supplier) => supplier.id === requested)?.id ?? null)
      : supplierScope(actor, null);
  if (supplierId) assertMay(actor, "editFleet", supplierId);
  const places = await placeChoices(db, supplierId ?? suppliers?.[0]?.id ?? null, []);
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("car.newTitle"),
    suppliers,
    supplierId,
    places: places.map((place) => ({ id: place.id, name: `${localizedName(place, language)} (${place.countryCode})` })),
    defaults: NEW_CAR_DEFAULTS,
    dateRows: EMPTY_DATE_PRICE_ROWS,
    constraint: constraintOf(carFieldsSchema),
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "editFleet");
  const formData = withPostedIntent(await request.formData());
  let supplierId: string | null = supplierScope(actor, null);
  if (actor.role === "admin") {
    const chosen = String(formData.get("supplier") ?? "");
    supplierId = (await listSuppliers(await getDb())).find((supplier) => supplier.id === chosen)?.id ?? null;
  }
  if (supplierId) assertMay(actor, "editFleet", supplierId);
  return submitCarForm(formData, actor, { carId: null, supplierId });
}
