import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ActionProblem, ConfirmAction } from "~/components/confirm-panel";
import { PageIds, SelectionBox, useRowSelection } from "~/components/row-selection";
import { Pagination } from "~/components/pagination";
import { bookingQueryString } from "~/models/booking/booking-filters";
import { type ListAction } from "~/models/booking/booking-list.server";
import { pageMeta } from "~/utils/meta";
import { useIsPending } from "~/components/status-button";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import type { action, loader } from "./page.server";
import { BookingFilters, BookingRowView, BulkActions, OlderPages } from "./parts";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

/** A cancellation that takes effect at once for every chosen booking is asked as such, not as a request. */
const confirmTitle = (confirm: { action: ListAction; bookings: Array<{ cancelsAtOnce: boolean }> }) =>
  confirm.action === "cancelRequest" && confirm.bookings.every((booking) => booking.cancelsAtOnce)
    ? "cancelNow"
    : confirm.action;

export default function Bookings() {
  const { list, query, staff, filtered, translations } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useRouteTranslation(translations);
  const location = useLocation();
  const bulkPending = useIsPending("bulk");
  const selection = useRowSelection(list.rows.map((row) => row.id));
  const language = i18n.language;
  const queryString = bookingQueryString(query);
  const confirm = actionData?.confirm;

  return (
    <div className="page bookings-page">
      <h1>{t("list.heading")}</h1>
      {confirm ? (
        <ConfirmAction
          title={t(`confirm.${confirmTitle(confirm)}`, {
            count: confirm.bookings.length,
            status: confirm.status ? t(`common:bookingStatuses.${confirm.status}`) : "",
          })}
          items={confirm.bookings.map((booking) => ({
            key: booking.id,
            text: `${booking.reference} — ${booking.car}${
              confirm.action === "cancelRequest"
                ? ` — ${t(booking.cancelsAtOnce ? "confirm.cancelsAtOnce" : "confirm.requestOnly")}`
                : ""
            }`,
          }))}
          action={`/bookings${location.search}`}
          fields={[
            ["bulkAction", confirm.action],
            ...(confirm.status ? [["status", confirm.status] satisfies [string, string]] : []),
            ["query", queryString],
            ...confirm.bookings.map((booking): [string, string] => ["id", booking.id]),
          ]}
          confirmLabel={t(`confirm.${confirmTitle(confirm)}Button`, { count: confirm.bookings.length })}
          note={confirmTitle(confirm) === "cancelNow" ? t("confirm.cancelNowNote") : undefined}
          // Only a cancellation that may not be refunded can cost the driver money.
          losesMoney={confirmTitle(confirm) === "cancelRequest"}
          backHref={confirm.back}
          backLabel={t("confirm.back")}
        />
      ) : null}
      <ActionProblem message={actionData?.problem ? t(actionData.problem) : null} />

      <BookingFilters query={query} filtered={filtered} t={t} />

      {list.rows.length === 0 ? (
        <div className="empty-state">
          <p>{filtered ? t("list.emptyFiltered") : t("list.empty")}</p>
          <p>
            {filtered ? (
              <SiteLink to="/bookings">{t("filters.clear")}</SiteLink>
            ) : (
              <SiteLink to="/" className="button">
                {t("list.searchCars")}
              </SiteLink>
            )}
          </p>
        </div>
      ) : (
        <Form method="post" action={`/bookings${location.search}`} className="bookings-form">
          <input type="hidden" name="query" value={queryString} />
          <PageIds ids={list.rows.map((row) => row.id)} />
          <div className="table-scroll">
            <table className="bookings-table">
              <caption>
                {list.more
                  ? t("list.countMore", { total: list.total.toLocaleString(language) })
                  : t("list.count", { count: list.total })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <SelectionBox box={selection.selectAll} label={t("list.selectAll")} />
                  </th>
                  <th scope="col">{t("list.car")}</th>
                  <th scope="col">{t("list.supplier")}</th>
                  <th scope="col">{t("list.driver")}</th>
                  <th scope="col">{t("list.dates")}</th>
                  <th scope="col">{t("list.price")}</th>
                  <th scope="col">{t("list.status")}</th>
                  <th scope="col">{t("list.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {list.rows.map((row) => (
                  <BookingRowView
                    key={row.id}
                    row={row}
                    staff={staff}
                    box={selection.row(row.id)}
                    language={language}
                    t={t}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <BulkActions staff={staff} count={selection.count} pending={bulkPending} t={t} />
        </Form>
      )}
      {query.after ? null : (
        <Pagination
          page={query.page}
          pages={list.pages}
          hrefFor={(page) => `/bookings?${bookingQueryString(query, { page })}`}
        />
      )}
      <OlderPages query={query} more={list.more} pages={list.pages} next={list.next} t={t} />
    </div>
  );
}
