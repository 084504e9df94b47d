import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FiguresFilters, PeriodFields } from "~/components/figures-filters";
import { useRouteTranslation } from "~/components/i18n-provider";
import { pageMeta } from "~/utils/meta";
import { DeskSection, FiguresSection, UtilisationSection, WeeksSection } from "./overview-sections";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Overview() {
  const { filters, period, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <h1>{t("overview.title")}</h1>
      <FiguresFilters filters={filters}>
        {/* Left empty, the page looks around today; both set, every chart and figure reads that period. */}
        <PeriodFields idPrefix="overview" from={period.from} to={period.to} />
      </FiguresFilters>
      {period.problem ? (
        <p className="callout callout-error" role="alert">
          {t(`reports.problems.${period.problem}`)}
        </p>
      ) : null}
      <DeskSection />
      <UtilisationSection />
      <WeeksSection />
      <FiguresSection />
    </>
  );
}
