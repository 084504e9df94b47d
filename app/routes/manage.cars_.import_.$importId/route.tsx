import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FleetImportProgress } from "~/components/fleet-import-status";
import { useRouteTranslation } from "~/components/i18n-provider";
import { Recheck } from "~/components/recheck";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function FleetImportJob() {
  const { job, recheckSeconds, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <Recheck seconds={recheckSeconds} />
      <h1>{t("import.job.heading", { file: job.fileName })}</h1>
      <FleetImportProgress job={job} />
    </>
  );
}
