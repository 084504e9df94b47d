import { Fragment } from "react";
import type { DocumentSeries } from "~/domain/enums";
import { documentNumber } from "~/models/documents/document-lines";
import { useTranslation } from "./i18n-provider";
import { SiteLink } from "./site-link";

type Named = { series: DocumentSeries; number: number };

/**
 * Where a booking's invoice or receipt is read (decision 049), or, before it is issued, when it will be; then each
 * supplement a dearer change called for and each credit note its refunds called for: on the driver's booking page
 * and the staff's. `href` is the sale document's page; another's is the same with its number (`n=CRN-000003`).
 */
export function DocumentLink({
  document,
  supplements = [],
  creditNotes = [],
  href,
}: {
  document: Named | null;
  supplements?: Named[];
  creditNotes?: Named[];
  href: string;
}) {
  const { t } = useTranslation("common");
  if (!document) return <p className="hint no-print">{t("documents.notYet")}</p>;
  const title = (named: Named) =>
    t(`documents.titles.${named.series}`, { number: documentNumber(named.series, named.number) });
  return (
    <>
      <p className="no-print">
        <SiteLink to={href}>{t("documents.link", { title: title(document) })}</SiteLink>
      </p>
      {(
        [
          ["supplements", supplements],
          ["creditNotes", creditNotes],
        ] as const
      ).map(([kind, named]) =>
        named.length ? (
          <Fragment key={kind}>
            <h3 className="no-print">
              {t(kind === "supplements" ? "documents.supplementsHeading" : "documents.creditNotes")}
            </h3>
            <ul className="no-print">
              {named.map((other) => {
                const printed = documentNumber(other.series, other.number);
                return (
                  <li key={printed}>
                    <SiteLink to={`${href}${href.includes("?") ? "&" : "?"}n=${printed}`}>
                      {t("documents.link", { title: title(other) })}
                    </SiteLink>
                  </li>
                );
              })}
            </ul>
          </Fragment>
        ) : null,
      )}
    </>
  );
}
