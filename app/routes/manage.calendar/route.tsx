import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRouteTranslation, useTranslation } from "~/components/i18n-provider";
import { formatLocalDateTimeShort } from "~/components/local-time";
import { SiteLink } from "~/components/site-link";
import { SupplierFilter } from "~/components/supplier-filter";
import { SubmitInput } from "~/components/submit-input";
import { BOOKING_STATUSES, CAR_RANGES } from "~/domain/enums";
import type { CalendarCell } from "~/models/fleet/calendar.server";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";

export { loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

function Cell({ cell, idPrefix }: { cell: CalendarCell; idPrefix: string }) {
  const { t, i18n } = useTranslation("manage");
  if (cell.bookings.length === 0 && cell.blocks.length === 0)
    return <span className="calendar-free">{t("calendar.free")}</span>;
  return (
    <ul className="calendar-items">
      {cell.bookings.map((booking) => (
        <li key={booking.id} className={`calendar-booking status-${booking.status}`}>
          <SiteLink to={`/manage/bookings/${booking.id}`} aria-describedby={`${idPrefix}-${booking.id}`}>
            {booking.starts ? "▶ " : ""}
            {booking.reference}
            {booking.ends ? " ◀" : ""}
          </SiteLink>{" "}
          <span className="calendar-status">
            {booking.overdue ? t("staffBooking.rental.overdue") : t(`common:bookingStatuses.${booking.status}`)}
          </span>
          {/* Its essentials: shown by a hover or a focus on the booking, read with the link by a screen reader. */}
          <span className="calendar-card" role="tooltip" id={`${idPrefix}-${booking.id}`}>
            {t("calendar.card", {
              driver: booking.driver,
              from: formatLocalDateTimeShort(booking.from, i18n.language),
              to: formatLocalDateTimeShort(booking.to, i18n.language),
            })}
          </span>
        </li>
      ))}
      {cell.blocks.map((block, index) => (
        <li key={`block-${index}`} className="calendar-block">
          {t("calendar.blocked", { reason: t(`blocks.reasons.${block.reason}`) })}
        </li>
      ))}
    </ul>
  );
}

export default function Calendar() {
  const { query, places, suppliers, timeZone, today, previousWeek, nextWeek, calendar, translations } =
    useLoaderData<typeof loader>();
  const { t, i18n } = useRouteTranslation(translations);
  const dayName = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));
  const href = (changes: Record<string, string | number>) => {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries({ ...query, ...changes }))
      if (value !== "" && !(key === "page" && value === 1)) search.set(key, String(value));
    return `/manage/calendar?${search}`;
  };
  return (
    <>
      <h1>{t("calendar.heading")}</h1>
      <Form method="get" className="form-card manage-filters" aria-label={t("calendar.filters")}>
        <input type="hidden" name="week" value={query.week} />
        {suppliers ? <SupplierFilter id="calendar-supplier" suppliers={suppliers} chosen={query.supplier} /> : null}
        <div className="field">
          <label htmlFor="calendar-place">{t("desk.place")}</label>
          <select id="calendar-place" name="place" defaultValue={query.place}>
            <option value="">{t("calendar.allPlaces")}</option>
            {places.map((place) => (
              <option key={place.slug} value={place.slug}>
                {place.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="calendar-range">{t("fleet.range")}</label>
          <select id="calendar-range" name="range" defaultValue={query.range}>
            <option value="">{t("fleet.allRanges")}</option>
            {CAR_RANGES.map((range) => (
              <option key={range} value={range}>
                {t(`common:ranges.${range}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="calendar-status">{t("calendar.status")}</label>
          <select id="calendar-status" name="status" defaultValue={query.status}>
            <option value="">{t("calendar.anyStatus")}</option>
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`common:bookingStatuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <SubmitInput label={t("fleet.show")} />
      </Form>
      <nav className="form-actions" aria-label={t("calendar.weeks")}>
        <SiteLink to={href({ week: previousWeek, page: 1 })}>{t("calendar.previous")}</SiteLink>
        <SiteLink to={href({ week: today, page: 1 })}>{t("calendar.thisWeek")}</SiteLink>
        <SiteLink to={href({ week: nextWeek, page: 1 })}>{t("calendar.next")}</SiteLink>
      </nav>
      <p className="hint">{t("calendar.clocks", { zone: timeZone })}</p>
      {calendar.rows.length === 0 ? (
        <p>{t("fleet.none")}</p>
      ) : (
        <>
          <div className="table-scroll calendar-wide">
            <table className="manage-table calendar">
              <caption>
                {t("calendar.caption", {
                  first: dayName(calendar.days[0] ?? ""),
                  last: dayName(calendar.days.at(-1) ?? ""),
                })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("fleet.columns.car")}</th>
                  {calendar.days.map((day) => (
                    <th scope="col" key={day}>
                      {dayName(day)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {calendar.rows.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <SiteLink to={`/manage/cars/${row.id}`}>{row.name}</SiteLink>
                      <br />
                      <span className="plate">{row.plate}</span>
                    </th>
                    {row.cells.map((cell, index) => (
                      <td key={calendar.days[index]}>
                        <Cell cell={cell} idPrefix={`card-${calendar.days[index]}`} />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="calendar-narrow">
            {calendar.days.map((day, index) => (
              <section key={day} aria-labelledby={`calendar-day-${day}`}>
                <h2 id={`calendar-day-${day}`} className="h3">
                  {dayName(day)}
                </h2>
                <ul>
                  {calendar.rows.map((row) => {
                    const cell = row.cells[index];
                    return cell && (cell.bookings.length || cell.blocks.length) ? (
                      <li key={row.id}>
                        {row.name} (<span className="plate">{row.plate}</span>):{" "}
                        <Cell cell={cell} idPrefix={`list-${day}`} />
                      </li>
                    ) : null;
                  })}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
      <nav className="form-actions" aria-label={t("calendar.carPages")}>
        {query.page > 1 ? <SiteLink to={href({ page: query.page - 1 })}>{t("calendar.previousCars")}</SiteLink> : null}
        {calendar.more ? <SiteLink to={href({ page: query.page + 1 })}>{t("calendar.nextCars")}</SiteLink> : null}
      </nav>
    </>
  );
}
