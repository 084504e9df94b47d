import { type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { PlaceEditor } from "~/components/place-editor";
import { pageMeta } from "~/utils/meta";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function NewPlace() {
  const { countries, suppliers, timeZones, tileUrl, constraint, defaults, parkingRows, translations } =
    useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <h1>{t("place.newTitle")}</h1>
      <PlaceEditor
        lastResult={reply?.result}
        constraint={constraint}
        defaultValue={defaults}
        countries={countries}
        suppliers={suppliers}
        timeZones={timeZones}
        tileUrl={tileUrl}
        parkingRows={reply?.parkingRows ?? parkingRows}
        submitLabel={t("place.create")}
      />
    </>
  );
}
