import { type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { SiteLink } from "~/components/site-link";
import { AccountButtons, AccountSuspensionQuestion } from "~/components/account-suspension";
import { useRouteTranslation } from "~/components/i18n-provider";
import { Pagination } from "~/components/pagination";
import { SubmitInput } from "~/components/submit-input";
import { pageMeta } from "~/utils/meta";
import { accountState, PEOPLE_PAGE_SIZE, PEOPLE_ROLES } from "~/models/account/people-roles";
import type { action, loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function People() {
  const { query, list, viewerId, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const location = useLocation();
  const confirm = useActionData<typeof action>()?.confirm;
  const pages = Math.max(1, Math.ceil(list.total / PEOPLE_PAGE_SIZE));
  const hrefFor = (page: number) => {
    const search = new URLSearchParams();
    if (query.text) search.set("q", query.text);
    if (query.role !== "all") search.set("role", query.role);
    if (page > 1) search.set("page", String(page));
    return `/manage/users${search.size ? `?${search}` : ""}`;
  };
  return (
    <>
      <h1>{t("people.heading")}</h1>
      {confirm ? <AccountSuspensionQuestion confirm={confirm} action={`/manage/users${location.search}`} /> : null}
      <Form method="get" className="form-card manage-filters" aria-label={t("drivers.filters")}>
        <div className="field">
          <label htmlFor="people-q">{t("people.search")}</label>
          <input id="people-q" type="search" name="q" defaultValue={query.text} maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor="people-role">{t("people.role")}</label>
          <select id="people-role" name="role" defaultValue={query.role}>
            {PEOPLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`people.roles.${role}`)}
              </option>
            ))}
          </select>
        </div>
        <SubmitInput label={t("fleet.show")} />
      </Form>
      <h2 aria-live="polite">{t("people.count", { count: list.total })}</h2>
      {list.people.length ? (
        <Form method="post" action={`/manage/users${location.search}`}>
          <div className="table-scroll">
            <table className="manage-table">
              <caption className="visually-hidden">{t("drivers.caption", { page: query.page })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t("people.columns.person")}</th>
                  <th scope="col">{t("people.role")}</th>
                  <th scope="col">{t("drivers.columns.state")}</th>
                  <th scope="col">{t("drivers.columns.bookings")}</th>
                  <th scope="col">{t("drivers.columns.actions")}</th>
                </tr>
              </thead>
              <tbody>
                {list.people.map((person) => (
                  <tr key={person.id}>
                    <th scope="row">
                      <SiteLink to={`/manage/users/${person.id}`}>{person.fullName}</SiteLink>
                      <br />
                      <span className="plate">{person.email}</span>
                    </th>
                    <td>
                      {person.staffRole && person.employer
                        ? t("people.staffOf", { role: t(`teamRoles.${person.staffRole}`), supplier: person.employer })
                        : t(`people.roles.${person.role}`)}
                    </td>
                    <td>{t(`people.states.${accountState(person)}`)}</td>
                    <td>{person.bookings}</td>
                    <td className="row-actions">
                      <AccountButtons person={person} viewerId={viewerId} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Form>
      ) : (
        <p>{t("people.none")}</p>
      )}
      <Pagination page={query.page} pages={pages} hrefFor={hrefFor} />
    </>
  );
}
