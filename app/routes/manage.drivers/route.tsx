import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { ConfirmAction } from "~/components/confirm-panel";
import { useRouteTranslation } from "~/components/i18n-provider";
import { Pagination } from "~/components/pagination";
import { RowButton } from "~/components/row-button";
import { SubmitInput } from "~/components/submit-input";
import { pageMeta } from "~/utils/meta";
import { rowActionName } from "~/utils/row-actions";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

const PAGE_SIZE = 30;

export default function Drivers() {
  const { query, list, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const location = useLocation();
  const confirm = useActionData<typeof action>()?.confirm;
  const pages = Math.max(1, Math.ceil(list.total / PAGE_SIZE));
  const hrefFor = (page: number) => {
    const search = new URLSearchParams();
    if (query.text) search.set("q", query.text);
    if (page > 1) search.set("page", String(page));
    return `/manage/drivers${search.size ? `?${search}` : ""}`;
  };
  return (
    <>
      <h1>{t("drivers.heading")}</h1>
      {confirm ? (
        <ConfirmAction
          title={t("drivers.confirmSuspend.title", { name: confirm.fullName })}
          note={t("drivers.confirmSuspend.note")}
          items={[
            { key: "account", text: `${confirm.fullName} <${confirm.email}>` },
            { key: "sessions", text: t("drivers.confirmSuspend.sessions", { count: confirm.sessions }) },
            {
              key: "bookings",
              text: confirm.bookingsToCome
                ? t("drivers.confirmSuspend.bookingsToCome", { count: confirm.bookingsToCome })
                : t("drivers.confirmSuspend.noBookings"),
            },
          ]}
          action={`/manage/drivers${location.search}`}
          fields={[[rowActionName("suspend", confirm.id), t("drivers.suspend")]]}
          confirmLabel={t("drivers.suspendNamed", { name: confirm.fullName })}
          losesMoney={false}
          backHref={confirm.back}
          backLabel={t("drivers.confirmSuspend.back")}
        />
      ) : null}
      <Form method="get" className="form-card manage-filters" aria-label={t("drivers.filters")}>
        <div className="field">
          <label htmlFor="drivers-q">{t("drivers.search")}</label>
          <input id="drivers-q" type="search" name="q" defaultValue={query.text} maxLength={100} />
        </div>
        <SubmitInput label={t("fleet.show")} />
      </Form>
      <h2 aria-live="polite">{t("drivers.count", { count: list.total })}</h2>
      {list.drivers.length ? (
        <Form method="post" action={`/manage/drivers${location.search}`}>
          <div className="table-scroll">
            <table className="manage-table">
              <caption className="visually-hidden">{t("drivers.caption", { page: query.page })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("drivers.columns.driver")}</th>
                  <th scope="col">{t("drivers.columns.state")}</th>
                  <th scope="col">{t("drivers.columns.bookings")}</th>
                  <th scope="col">{t("drivers.columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {list.drivers.map((driver) => (
                  <tr key={driver.id}>
                    <th scope="row">
                      {driver.fullName}
                      <br />
                      <span className="plate">{driver.email}</span>
                    </th>
                    <td>
                      {driver.suspended
                        ? t("drivers.states.suspended")
                        : !driver.hasPassword
                          ? t("drivers.states.notActivated")
                          : driver.verified
                            ? t("drivers.states.active")
                            : t("drivers.states.notValidated")}
                    </td>
                    <td>{driver.bookings}</td>
                    <td className="row-actions">
                      <RowButton
                        action={driver.suspended ? "reinstate" : "suspend"}
                        id={driver.id}
                        label={driver.suspended ? t("drivers.reinstate") : t("drivers.suspend")}
                        namedLabel={t(driver.suspended ? "drivers.reinstateNamed" : "drivers.suspendNamed", {
                          name: driver.fullName,
                        })}
                      />
                      {!driver.hasPassword || !driver.verified ? (
                        <RowButton
                          action="resend"
                          id={driver.id}
                          label={t("drivers.resend")}
                          namedLabel={t("drivers.resendNamed", { name: driver.fullName })}
                        />
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Form>
      ) : (
        <p>{t("drivers.none")}</p>
      )}
      <Pagination page={query.page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}
