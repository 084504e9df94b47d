import { Form } from "@remix-run/react";
import { useTranslation } from "~/components/i18n-provider";
import { LISTED_STATUSES, STAFF_BOOKING_SORTS, STAFF_RENTAL_FILTERS } from "~/models/booking/booking-filters";
import type { StaffBookingQuery } from "~/models/booking/staff/booking-search.server";

/** The list's search, filters and order: a GET form, so a result is a link to share or keep. */
export function ListFilters({
  query,
  admin,
  places,
}: {
  query: StaffBookingQuery;
  admin: boolean;
  places: Array<{ value: string; label: string }>;
}) {
  const { t } = useTranslation("manage");
  return (
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
      <div className="field">
        <label htmlFor="bookings-sort">{t("bookingsList.sort")}</label>
        <select id="bookings-sort" name="sort" defaultValue={query.sort ?? "pickupDesc"}>
          {STAFF_BOOKING_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`bookingsList.sorts.${sort}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button">
        {t("bookingsList.find")}
      </button>
    </Form>
  );
}
