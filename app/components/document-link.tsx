import type { DocumentSeries } from "~/domain/enums";
import { documentNumber } from "~/models/documents/document-lines";
import { useTranslation } from "./i18n-provider";
import { SiteLink } from "./site-link";

/**
 * Where a booking's invoice or receipt is read (decision 049), or, before it is issued, when it will be; then each
 * credit note its refunds called for: on the driver's booking page and the staff's. `href` is the sale document's
 * page; a credit note's is the same with its number (`n=CRN-000003`).
 */
export function DocumentLink({
  document,
  creditNotes = [],
  href,
}: {
  document: { series: DocumentSeries; number: number } | null;
  creditNotes?: Array<{ series: DocumentSeries; number: number }>;
  href: string;
}) {
  const { t } = useTranslation("common");
  if (!document) return <p className="hint no-print">{t("documents.notYet")}</p>;
  const title = (named: { series: DocumentSeries; number: number }) =>
    t(`documents.titles.${named.series}`, { number: documentNumber(named.series, named.number) });
  return (
    <>
      <p className="no-print">
        <SiteLink to={href}>{t("documents.link", { title: title(document) })}</SiteLink>
      </p>
      {creditNotes.length ? (
        <>
          <h3 className="no-print">{t("documents.creditNotes")}</h3>
          <ul className="no-print">
            {creditNotes.map((note) => {
              const printed = documentNumber(note.series, note.number);
              return (
                <li key={printed}>
                  <SiteLink to={`${href}${href.includes("?") ? "&" : "?"}n=${printed}`}>
                    {t("documents.link", { title: title(note) })}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </>
  );
}
