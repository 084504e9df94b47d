import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-panel";
import { formatLocalDateTimeShort, LocalTime } from "~/components/local-time";
import { PageIds, SelectionBox, useRowSelection } from "~/components/row-selection";
import { Pagination } from "~/components/pagination";
import type { BookingAction } from "~/models/booking/booking-access";
import {
  bookingQueryString,
  decodeCursor,
  hasBookingFilters,
  LISTED_STATUSES,
  parseBookingQuery,
} from "~/models/booking/booking-filters";
import {
  applyBookingAction,
  BOOKINGS_PAGE_SIZE,
  BOOKINGS_PAGE_SIZE_MOBILE,
  describeBookings,
  listBookings,
  type BulkOutcome,
  type ListAction,
} from "~/models/booking/booking-list.server";
import { BOOKING_STATUSES } from "~/domain/enums";
import { formatMoney } from "~/domain/money";
import { requireBookingViewer } from "~/models/account/auth.server";
import { getDb } from "~/utils/db.server";
import { routeTranslations } from "~/utils/i18n.server";
import { pageMeta } from "~/utils/meta";
import { publicOrigin } from "~/utils/origin.server";
import { notFound } from "~/utils/responses.server";
import { redirectWithToast, type ToastInput } from "~/utils/toast.server";
import { readRowAction } from "~/utils/row-actions";
import { useIsPending } from "~/components/status-button";
import { useRouteTranslation } from "~/components/i18n-provider";
import { getVisitor } from "~/models/account/visitor.server";
import { isMobile } from "~/utils/device.server";
import { RowButton } from "~/components/row-button";
import { SiteLink } from "~/components/site-link";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { viewer, onlyIds } = await requireBookingViewer(request, context);
  const { language } = await getVisitor(request, context);
  const query = parseBookingQuery(new URL(request.url).searchParams);
  const list = await listBookings(
    await getDb(),
    viewer,
    onlyIds ? { ...query, ids: onlyIds } : query,
    query.page,
    // Spec §9: 10 a page on a phone, told by the browser's own mobile hint, or failing that its user agent.
    isMobile(request) ? BOOKINGS_PAGE_SIZE_MOBILE : BOOKINGS_PAGE_SIZE,
    language,
    new Date(),
    decodeCursor(query.after),
  );
  const { t, translations } = await routeTranslations(language, "bookings");
  return {
    title: t("list.title"),
    translations,
    query,
    list,
    staff: viewer.role !== "user",
    filtered: hasBookingFilters(query),
  };
}

/** What the list's rows and bulk form may ask (amending has a page of its own). */
const ACTIONS = ["cancelRequest", "delete", "setStatus"] as const satisfies readonly BookingAction[];

export async function action({ request, context }: ActionFunctionArgs) {
  const { viewer, onlyIds } = await requireBookingViewer(request, context);
  const formData = await request.formData();
  const { action, ids: chosen, single } = readRowAction(formData, ACTIONS);
  // A visitor acts on the bookings their browser holds, and no other booking of the same driver.
  const ids = onlyIds ? chosen.filter((id) => onlyIds.includes(id)) : chosen;
  const status = BOOKING_STATUSES.find((known) => known === formData.get("status"));
  const back = `/bookings${String(formData.get("query") ?? "") ? `?${String(formData.get("query")).replace(/^\?/, "").slice(0, 500)}` : ""}`;
  const now = new Date();
  const db = await getDb();
  if (!action || (action === "setStatus" && !status))
    return data({ confirm: null, problem: "bookings:list.chooseAction" }, { status: 400 });
  if (formData.get("confirmed") !== "yes") {
    // First post: say exactly what will change, and ask.
    const affected = await describeBookings(db, viewer, ids, action, now, status);
    if (!affected.length) {
      if (single) throw notFound();
      return data({ confirm: null, problem: "common:errors.nothingToChange" }, { status: 400 });
    }
    return { confirm: { action, status: status ?? null, bookings: affected, back }, problem: null };
  }
  const outcome = await applyBookingAction(db, viewer, ids, action, now, publicOrigin(request), status);
  if (!outcome.done && !outcome.carTaken && single) throw notFound();
  const toast =
    outcome.carTaken > 0
      ? { type: "error" as const, messageKey: "errors.carRebooked", params: { count: outcome.carTaken } }
      : outcome.done === 0
        ? { type: "error" as const, messageKey: "errors.nothingToChange" }
        : action === "cancelRequest"
          ? cancellationToast(outcome)
          : action === "delete"
            ? { type: "success" as const, messageKey: "success.bookingsRemoved", params: { count: outcome.done } }
            : { type: "success" as const, messageKey: "success.changesSaved" };
  return redirectWithToast(back, toast);
}

/** A cancellation that takes effect at once for every chosen booking is asked as such, not as a request. */
const confirmTitle = (confirm: { action: ListAction; bookings: Array<{ cancelsAtOnce: boolean }> }) =>
  confirm.action === "cancelRequest" && confirm.bookings.every((booking) => booking.cancelsAtOnce)
    ? "cancelNow"
    : confirm.action;

/** What a driver's cancellation did: cancelled at once (free window), requested from staff, or some of each. */
function cancellationToast({ done, cancelled }: BulkOutcome): ToastInput {
  const requested = done - cancelled;
  if (!requested)
    return { type: "success" as const, messageKey: "success.bookingsCancelled", params: { count: cancelled } };
  if (!cancelled) return { type: "success" as const, messageKey: "success.cancellationRequested" };
  return { type: "success" as const, messageKey: "success.cancelledAndRequested", params: { cancelled, requested } };
}

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
          backHref={confirm.back}
          backLabel={t("confirm.back")}
        />
      ) : null}
      {actionData?.problem ? (
        <p className="callout callout-error" role="alert">
          {t(actionData.problem)}
        </p>
      ) : null}

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
                  <tr key={row.id}>
                    <td>
                      <SelectionBox
                        box={selection.row(row.id)}
                        label={t("list.select", { reference: row.reference })}
                      />
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
                              : t(
                                  `list.terms.${row.cancellation.kind === "freeUntil" ? "free" : row.cancellation.kind}`,
                                )}
                          </small>
                        </>
                      ) : null}
                    </td>
                    <td className="row-actions">
                      <SiteLink
                        to={`/booking?b=${row.id}`}
                        aria-label={t("list.viewNamed", { reference: row.reference })}
                      >
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
                ))}
              </tbody>
            </table>
          </div>
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
            <button type="submit" name="intent" value="bulk" className="button" disabled={bulkPending}>
              {selection.count ? t("bulk.applyCount", { count: selection.count }) : t("bulk.apply")}
            </button>
          </fieldset>
        </Form>
      )}
      {query.after ? null : (
        <Pagination
          page={query.page}
          pages={list.pages}
          hrefFor={(page) => `/bookings?${bookingQueryString(query, { page })}`}
        />
      )}
      {/* Past the counted pages (more than the cap): the list goes on a page at a time, from where it stopped. */}
      {query.after || (list.more && query.page === list.pages) ? (
        <nav className="pagination" aria-label={t("list.olderNav")}>
          <ul>
            {query.after ? (
              <li>
                <SiteLink to={`/bookings?${bookingQueryString(query, { after: undefined, page: 1 })}`}>
                  {t("list.newest")}
                </SiteLink>
              </li>
            ) : null}
            {list.next ? (
              <li>
                <SiteLink to={`/bookings?${bookingQueryString(query, { after: list.next, page: 1 })}`} rel="next">
                  {t("list.older")}
                </SiteLink>
              </li>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
