import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { EMPTY_PARKING_ROWS, hoursDefaults } from "~/models/catalogue/place-form";
import { placeFormContext, submitPlaceForm } from "~/models/catalogue/place-page.server";
import { requireOperatorFor } from "~/models/access/operator.server";
import { withPostedIntent } from "~/utils/form-intent";
import { routeTranslations } from "~/utils/i18n.server";

/** GET /manage/places/new: an empty place form (admins only). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "editPlaces");
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("place.newTitle"),
    ...(await placeFormContext(language)),
    defaults: { timeZone: "UTC", ...hoursDefaults(null) },
    parkingRows: EMPTY_PARKING_ROWS,
    translations,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { actor } = await requireOperatorFor(request, context, "editPlaces");
  return submitPlaceForm(withPostedIntent(await request.formData()), actor, null);
}
