import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { loadSearch } from "~/models/search/search-page.server";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { routeTranslations } from "~/utils/i18n.server";
import { getVisitor, getVisitorPricing } from "~/models/account/visitor.server";
import { isMobile } from "~/utils/device.server";

/** The page's title names its page number after the first, so a screen reader hears where "Next" led. */
const withPage = (title: string, page: number, t: (key: string, options?: Record<string, unknown>) => string) =>
  page > 1 ? t("titleWithPage", { title, page }) : title;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = getEnv();
  const { language } = await getVisitor(request, context);
  const pricing = await getVisitorPricing(request, context);
  const page = await loadSearch(await getDb(), {
    query: new URL(request.url).searchParams,
    language,
    pricing,
    now: new Date(),
  });
  const { t, translations } = await routeTranslations(language, "search");
  const invalid = Object.keys(page.errors).length > 0;
  return data(
    {
      ...page,
      title: withPage(page.pickupName ? t("titleAt", { place: page.pickupName }) : t("title"), page.params.page, t),
      description: page.pickupName ? t("descriptionAt", { place: page.pickupName }) : t("description"),
      translations,
      showSuppliers: !env.HIDE_SUPPLIERS,
      mapTileUrl: env.MAP_TILE_URL,
      infiniteScroll: env.SEARCH_PAGINATION === "infinite",
      // On a phone the filter panel starts closed: the first results come before 40 filter controls.
      filtersOpen: !isMobile(request),
    },
    { status: invalid ? 400 : 200 },
  );
}
