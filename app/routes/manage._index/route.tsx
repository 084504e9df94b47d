import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FiguresFilters } from "~/components/figures-filters";
import { useRouteTranslation } from "~/components/i18n-provider";
import { pageMeta } from "~/utils/meta";
import { DeskSection, FiguresSection, UtilisationSection, WeeksSection } from "./overview-sections";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Overview() {
  const { filters, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <h1>{t("overview.title")}</h1>
      <FiguresFilters filters={filters} />
      <DeskSection />
      <UtilisationSection />
      <WeeksSection />
      <FiguresSection />
    </>
  );
}
