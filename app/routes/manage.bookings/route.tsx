import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { formatMoney } from "~/domain/money";
import { pageMeta } from "~/utils/meta";
import { BULK_FORM_ID, BulkStatusConfirm, BulkStatusForm } from "./bulk-status";
import { ListFilters } from "./list-filters";
import type { loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function StaffBookings() {
  const { query, admin, places, list, search, translations } = useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const language = i18n.language;
  const pageLink = (change: Record<string, string>) => {
    const next = new URLSearchParams(search);
    next.delete("after");
    next.delete("page");
    for (const [name, value] of Object.entries(change)) next.set(name, value);
    return `/manage/bookings?${next}`;
  };
  return (
    <>
      <h1>{t("bookingsList.heading")}</h1>
      <BulkStatusConfirm />
      <ListFilters query={query} admin={admin} places={places} />
      <p>
        {t(list.more ? "bookingsList.countMore" : "bookingsList.count", { count: list.total })} ·{" "}
        <a href={`/manage/bookings/export?${search}`} download>
          {t("bookingsList.export")}
        </a>
      </p>
      {list.rows.length ? (
        <div className="table-scroll">
          <table className="manage-table staff-bookings">
            <caption className="visually-hidden">{t("bookingsList.caption")}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t("bookingsList.columns.choose")}</span>
                </th>
                <th scope="col">{t("bookingsList.columns.reference")}</th>
                <th scope="col">{t("bookingsList.columns.driver")}</th>
                <th scope="col">{t("bookingsList.columns.car")}</th>
                <th scope="col">{t("bookingsList.columns.when")}</th>
                <th scope="col">{t("bookingsList.columns.state")}</th>
                <th scope="col">{t("bookingsList.columns.total")}</th>
              </tr>
            </thead>
            <tbody>
              {list.rows.map((row) => (
                <tr key={row.id}>
                  <td data-label={t("bookingsList.columns.choose")}>
                    <input
                      type="checkbox"
                      name="id"
                      value={row.id}
                      form={BULK_FORM_ID}
                      aria-label={t("bookingsList.choose", { reference: row.reference })}
                    />
                  </td>
                  <th scope="row" data-label={t("bookingsList.columns.reference")}>
                    <SiteLink to={`/manage/bookings/${row.id}`}>
                      <span className="plate">{row.reference}</span>
                    </SiteLink>
                  </th>
                  <td data-label={t("bookingsList.columns.driver")}>
                    {row.driver}
                    <br />
                    <small>
                      {row.driverEmail}
                      {row.driverPhone ? ` · ${row.driverPhone}` : ""}
                    </small>
                  </td>
                  <td data-label={t("bookingsList.columns.car")}>
                    {row.car} (<span className="plate">{row.plate}</span>)
                    {admin ? (
                      <>
                        <br />
                        <small>{row.supplier}</small>
                      </>
                    ) : null}
                  </td>
                  <td data-label={t("bookingsList.columns.when")}>
                    {row.pickup}, {formatLocalDateTimeShort(row.startsAt, language)} →{" "}
                    {row.dropoff ? `${row.dropoff}, ` : ""}
                    {formatLocalDateTimeShort(row.endsAt, language)}
                  </td>
                  <td data-label={t("bookingsList.columns.state")}>
                    {row.status === "void"
                      ? t("bookingsList.awaitingPayment")
                      : t(`common:bookingStatuses.${row.status}`)}{" "}
                    · {t(row.overdue ? "staffBooking.rental.overdue" : `staffBooking.rental.${row.rental}`)}
                  </td>
                  <td data-label={t("bookingsList.columns.total")}>{formatMoney(row.total, row.currency, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="form-card">{t("bookingsList.none")}</p>
      )}
      {list.rows.length ? <BulkStatusForm query={search} /> : null}
      {list.pages > 1 || list.next ? (
        <nav className="pager" aria-label={t("bookingsList.pages")}>
          {query.page > 1 && !query.after ? (
            <SiteLink to={pageLink({ page: String(query.page - 1) })}>{t("bookingsList.previous")}</SiteLink>
          ) : null}
          {list.next ? (
            <SiteLink
              to={
                query.page < list.pages && !query.after
                  ? pageLink({ page: String(query.page + 1) })
                  : pageLink({ after: list.next })
              }
            >
              {t("bookingsList.next")}
            </SiteLink>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
