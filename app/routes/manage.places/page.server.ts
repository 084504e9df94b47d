import { type LoaderFunctionArgs } from "@remix-run/node";
import { listPage, listText } from "~/domain/list-page";
import { requireOperatorFor } from "~/models/access/operator.server";
import { listCountries, listPlaces } from "~/models/catalogue/place-admin.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";

/** GET /manage/places: every place (admins only), searched by name or code, by country, in pages. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { language } = await requireOperatorFor(request, context, "editPlaces");
  const search = new URL(request.url).searchParams;
  const db = await getDb();
  const countries = await listCountries(db);
  const countryId = countries.find((country) => country.id === search.get("country"))?.id ?? null;
  const query = {
    text: listText(search),
    countryId,
    page: listPage(search),
  };
  const { t, translations } = await routeTranslations(language, "manage");
  return {
    title: t("places.title"),
    query,
    countries: countries.map((country) => ({ id: country.id, code: country.code, name: country.nameEn })),
    list: await listPlaces(db, query),
    translations,
  };
}
