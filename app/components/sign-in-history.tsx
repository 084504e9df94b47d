import type { SignInMethod, SignInOutcome } from "~/domain/enums";
import { useTranslation } from "./i18n-provider";

export interface SignInRow {
  /** ISO instant. */
  at: string;
  method: SignInMethod;
  outcome: SignInOutcome;
  browser: string | null;
}

/**
 * An account's latest sign-ins and refused attempts (issue 51), as a table: when (UTC, the platform's clock), how,
 * from which browser, and what became of it. The account's owner sees it in their sessions, an admin on the person's
 * page.
 */
export function SignInHistory({ rows, days }: { rows: SignInRow[]; days: number }) {
  const { t, i18n } = useTranslation("common");
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
  return (
    <section className="form-card" aria-labelledby="sign-in-history">
      <h2 id="sign-in-history">{t("signIns.heading")}</h2>
      <p>{t("signIns.note", { count: days })}</p>
      {rows.length ? (
        <div className="table-scroll">
          <table className="manage-table">
            <caption className="visually-hidden">{t("signIns.heading")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("signIns.at")}</th>
                <th scope="col">{t("signIns.method")}</th>
                <th scope="col">{t("signIns.browser")}</th>
                <th scope="col">{t("signIns.outcome")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={index}>
                  <td>{format.format(new Date(row.at))} UTC</td>
                  <td>{t(`signIns.methods.${row.method}`)}</td>
                  <td>{row.browser ?? t("signIns.unknownBrowser")}</td>
                  <td>
                    {row.outcome === "signedIn" ? (
                      t("signIns.outcomes.signedIn")
                    ) : (
                      <strong>{t(`signIns.outcomes.${row.outcome}`)}</strong>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t("signIns.none")}</p>
      )}
    </section>
  );
}
