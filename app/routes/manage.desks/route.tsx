import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Desks() {
  const { desks, showSupplier, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  return (
    <>
      <h1>{t("desks.title")}</h1>
      <p>{t("desks.intro")}</p>
      {desks.length ? (
        <div className="table-scroll">
          <table className="manage-table">
            <caption>{t("desks.caption", { count: desks.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t("desks.columns.place")}</th>
                {showSupplier ? <th scope="col">{t("desks.columns.supplier")}</th> : null}
                <th scope="col">{t("desks.columns.address")}</th>
                <th scope="col">{t("desks.columns.hours")}</th>
              </tr>
            </thead>
            <tbody>
              {desks.map((desk) => (
                <tr key={desk.id}>
                  <th scope="row">
                    <SiteLink to={`/manage/desks/${desk.id}`}>{desk.place}</SiteLink>
                  </th>
                  {showSupplier ? <td>{desk.supplier}</td> : null}
                  <td>
                    {desk.kind ? <>{t(`common:desk.kinds.${desk.kind}`)} · </> : null}
                    {desk.address || t("desks.noAddress")}
                    {desk.phone ? <> · {desk.phone}</> : null}
                  </td>
                  <td>{desk.hasHours ? t("desks.hoursOnRecord") : t("desks.anyTime")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("desks.none")}</p>
      )}
    </>
  );
}
