import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { formatMoney } from "~/domain/money";
import { LISTED_STATUSES, STAFF_RENTAL_FILTERS } from "~/models/booking/booking-filters";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";

export { loader } from "./page.server";

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
      <Form method="get" className="form-card manage-filters" aria-label={t("bookingsList.filters")}>
        <div className="field">
          <label htmlFor="bookings-q">{t(admin ? "bookingsList.searchAdmin" : "bookingsList.search")}</label>
          <input id="bookings-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={80} />
        </div>
        <div className="field">
          <label htmlFor="bookings-status">{t("bookingsList.status")}</label>
          <select id="bookings-status" name="status" defaultValue={query.statuses[0] ?? ""}>
            <option value="">{t("bookingsList.any")}</option>
            {LISTED_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`common:bookingStatuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bookings-rental">{t("bookingsList.rental")}</label>
          <select id="bookings-rental" name="rental" defaultValue={query.rental ?? ""}>
            <option value="">{t("bookingsList.any")}</option>
            {STAFF_RENTAL_FILTERS.map((rental) => (
              <option key={rental} value={rental}>
                {t(`bookingsList.rentals.${rental}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bookings-place">{t("bookingsList.place")}</label>
          <select id="bookings-place" name="place" defaultValue={query.place ?? ""}>
            <option value="">{t("bookingsList.anyPlace")}</option>
            {places.map((place) => (
              <option key={place.value} value={place.value}>
                {place.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="bookings-from">{t("bookingsList.from")}</label>
          <input id="bookings-from" name="from" type="date" defaultValue={query.from ?? ""} />
        </div>
        <div className="field">
          <label htmlFor="bookings-to">{t("bookingsList.to")}</label>
          <input id="bookings-to" name="to" type="date" defaultValue={query.to ?? ""} />
        </div>
        <button type="submit" className="button">
          {t("bookingsList.find")}
        </button>
      </Form>
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
