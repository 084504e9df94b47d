import { type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRouteTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import { SignInHistory } from "~/components/sign-in-history";
import { SubmitInput } from "~/components/submit-input";
import { pageMeta } from "~/utils/meta";
import type { loader } from "./page.server";

export { action, loader } from "./page.server";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(data && { title: data.title }, matches);

export default function Sessions() {
  const { sessions, signIns, historyDays, translations } = useLoaderData<typeof loader>();
  const { t } = useRouteTranslation(translations);
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="page page-narrow settings">
      <h1>{t("sessions.title")}</h1>
      <p>
        <SiteLink to="/settings">{t("settings.heading")}</SiteLink>
      </p>
      <div className="table-scroll">
        <table className="manage-table">
          <caption>{t("sessions.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("sessions.browser")}</th>
              <th scope="col">{t("sessions.signedIn")}</th>
              <th scope="col">{t("sessions.lastSeen")}</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((session, index) => (
              <tr key={index} aria-current={session.current ? "true" : undefined}>
                <td>
                  {session.browser ?? t("sessions.unknownBrowser")}
                  {session.current ? <strong> ({t("sessions.thisBrowser")})</strong> : null}
                  {session.staysConnected ? <> · {t("sessions.staysConnected")}</> : null}
                </td>
                <td>{session.signedInAt}</td>
                <td>{session.lastSeenAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {others > 0 ? (
        <Form method="post" className="form-card">
          <p>{t("sessions.endOthersHint")}</p>
          <SubmitInput intent="endOthers" label={t("sessions.endOthers")} />
        </Form>
      ) : (
        <p>{t("sessions.onlyThis")}</p>
      )}
      <SignInHistory rows={signIns} days={historyDays} />
    </div>
  );
}
