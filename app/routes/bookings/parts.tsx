/** The parts of the bookings page: filters, one row of the table, the bulk form and the pages past the count. */
import type { ComponentProps } from "react";
import { Form } from "@remix-run/react";
import { formatLocalDateTimeShort, LocalTime } from "~/components/local-time";
import { RowButton } from "~/components/row-button";
import { SelectionBox } from "~/components/row-selection";
import { SiteLink } from "~/components/site-link";
import { BOOKING_STATUSES, type Language } from "~/domain/enums";
import { formatMoney } from "~/domain/money";
import { bookingQueryString, LISTED_STATUSES, type BookingQuery } from "~/models/booking/booking-filters";
import type { BookingRow } from "~/models/booking/booking-list.server";
import type { Translate } from "~/utils/translator";
import { SubmitInput } from "~/components/submit-input";

type T = Translate<"bookings">;

export function BookingFilters({ query, filtered, t }: { query: BookingQuery; filtered: boolean; t: T }) {
  return (
    <details className="booking-filters" open={filtered || undefined}>
      <summary>{t("filters.heading")}</summary>
      <Form method="get" className="booking-filters-form">
        <fieldset>
          <legend>{t("filters.status")}</legend>
          {LISTED_STATUSES.map((status) => (
            <label key={status} className="field-checkbox">
              <input type="checkbox" name="status" value={status} defaultChecked={query.statuses.includes(status)} />{" "}
              {t(`common:bookingStatuses.${status}`)}
            </label>
          ))}
        </fieldset>
        <div className="field-row">
          <div className="field">
            <label htmlFor="filter-from">{t("filters.from")}</label>
            <input id="filter-from" type="date" name="from" defaultValue={query.from} />
          </div>
          <div className="field">
            <label htmlFor="filter-to">{t("filters.to")}</label>
            <input id="filter-to" type="date" name="to" defaultValue={query.to} />
          </div>
          <div className="field">
            <label htmlFor="filter-q">{t("filters.q")}</label>
            <input id="filter-q" type="search" name="q" maxLength={80} defaultValue={query.q} />
          </div>
        </div>
        <button type="submit" className="button">
          {t("filters.apply")}
        </button>{" "}
        {filtered ? <SiteLink to="/bookings">{t("filters.clear")}</SiteLink> : null}
      </Form>
    </details>
  );
}

export function BookingRowView({
  row,
  staff,
  box,
  language,
  t,
}: {
  row: BookingRow;
  staff: boolean;
  box: ComponentProps<typeof SelectionBox>["box"];
  language: Language;
  t: T;
}) {
  return (
    <tr>
      <td>
        <SelectionBox box={box} label={t("list.select", { reference: row.reference })} />
      </td>
      <th scope="row">
        {row.car}
        <br />
        <small>{row.reference}</small>
      </th>
      <td data-label={t("list.supplier")}>{row.supplier}</td>
      <td data-label={t("list.driver")}>{row.driver}</td>
      <td data-label={t("list.dates")}>
        {row.dropoff ? `${row.pickup} → ${row.dropoff}` : row.pickup}
        <br />
        <LocalTime local={row.startsAt} /> → <LocalTime local={row.endsAt} />
      </td>
      <td data-label={t("list.price")}>{formatMoney(row.total, row.currency, language)}</td>
      <td data-label={t("list.status")}>
        {t(`common:bookingStatuses.${row.status}`)}
        {row.cancelRequest ? (
          <>
            <br />
            <small>{t("list.cancelRequested")}</small>
          </>
        ) : null}
        {row.cancellation ? (
          <>
            <br />
            <small>
              {row.cancellation.kind === "freeUntil" && row.cancellation.deadline
                ? t("list.terms.freeUntil", {
                    deadline: formatLocalDateTimeShort(row.cancellation.deadline, language),
                  })
                : t(`list.terms.${row.cancellation.kind === "freeUntil" ? "free" : row.cancellation.kind}`)}
            </small>
          </>
        ) : null}
      </td>
      <td className="row-actions">
        <SiteLink to={`/booking?b=${row.id}`} aria-label={t("list.viewNamed", { reference: row.reference })}>
          {t("list.view")}
        </SiteLink>
        {staff ? null : (
          <>
            {row.canAmend ? (
              <SiteLink
                to={`/booking/amend?b=${row.id}`}
                aria-label={t("amend.linkNamed", { reference: row.reference })}
              >
                {t("amend.link")}
              </SiteLink>
            ) : null}
            {row.canCancel ? (
              <RowButton
                action="cancelRequest"
                id={row.id}
                label={t("list.cancel")}
                namedLabel={t("list.cancelNamed", { reference: row.reference })}
              />
            ) : null}
            {row.canDelete ? (
              <RowButton
                action="delete"
                id={row.id}
                label={t("list.delete")}
                namedLabel={t("list.deleteNamed", { reference: row.reference })}
              />
            ) : null}
          </>
        )}
      </td>
    </tr>
  );
}

export function BulkActions({ staff, count, pending, t }: { staff: boolean; count: number; pending: boolean; t: T }) {
  return (
    <fieldset className="bulk-actions">
      <legend>{t("bulk.heading")}</legend>
      <div className="field">
        <label htmlFor="bulk-action">{t("bulk.action")}</label>
        <select id="bulk-action" name="bulkAction" defaultValue="">
          <option value="">{t("bulk.choose")}</option>
          {staff ? <option value="setStatus">{t("bulk.setStatus")}</option> : null}
          {staff ? null : <option value="cancelRequest">{t("bulk.cancelRequest")}</option>}
          {staff ? null : <option value="delete">{t("bulk.delete")}</option>}
        </select>
      </div>
      {staff ? (
        <div className="field">
          <label htmlFor="bulk-status">{t("bulk.status")}</label>
          <select id="bulk-status" name="status" defaultValue="">
            <option value="">{t("bulk.choose")}</option>
            {BOOKING_STATUSES.filter((status) => status !== "void").map((status) => (
              <option key={status} value={status}>
                {t(`common:bookingStatuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <SubmitInput intent="bulk" label={count ? t("bulk.applyCount", { count }) : t("bulk.apply")} disabled={pending} />
    </fieldset>
  );
}

/** Past the counted pages (more than the cap): the list goes on a page at a time, from where it stopped. */
export function OlderPages({
  query,
  more,
  pages,
  next,
  t,
}: {
  query: BookingQuery;
  more: boolean;
  pages: number;
  next: string | null;
  t: T;
}) {
  return query.after || (more && query.page === pages) ? (
    <nav className="pagination" aria-label={t("list.olderNav")}>
      <ul>
        {query.after ? (
          <li>
            <SiteLink to={`/bookings?${bookingQueryString(query, { after: undefined, page: 1 })}`}>
              {t("list.newest")}
            </SiteLink>
          </li>
        ) : null}
        {next ? (
          <li>
            <SiteLink to={`/bookings?${bookingQueryString(query, { after: next, page: 1 })}`} rel="next">
              {t("list.older")}
            </SiteLink>
          </li>
        ) : null}
      </ul>
    </nav>
  ) : null;
}
