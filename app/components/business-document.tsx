import { useTranslation } from "~/components/i18n-provider";
import type { Currency, DocumentSeries, Language } from "~/domain/enums";
import { formatMoney } from "~/domain/money";
import {
  documentLines,
  documentNumber,
  relatedDocument,
  type DocumentContent,
} from "~/models/documents/document-lines";

export interface DocumentView {
  series: DocumentSeries;
  number: number;
  /** ISO instant. */
  issuedAt: string;
  currency: Currency;
  content: DocumentContent;
}

/**
 * A sale's invoice or receipt, or a credit note, as a printable page (decision 049), in the reader's language, with the lines the PDF
 * lists: who sold, to whom, the booking, each line and the total. The print stylesheet drops the site's chrome.
 */
export function BusinessDocument({ document, pdfHref }: { document: DocumentView; pdfHref: string }) {
  const { t, i18n } = useTranslation("common");
  const { t: checkout } = useTranslation("checkout");
  const language = i18n.language as Language;
  const { content } = document;
  const related = relatedDocument(content);
  const money = (amount: number) => formatMoney(amount, document.currency, language);
  const when = (local: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(
      new Date(`${local}:00Z`),
    );
  const listed = documentLines(
    content,
    {
      common: t as unknown as (key: string, params?: Record<string, unknown>) => string,
      checkout: checkout as unknown as (key: string, params?: Record<string, unknown>) => string,
    },
    language,
  );
  const issued = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(document.issuedAt),
  );
  return (
    <article className="receipt business-document" aria-labelledby="document-heading">
      <h1 id="document-heading">
        {t(`documents.titles.${document.series}`, { number: documentNumber(document.series, document.number) })}
      </h1>
      <p>{t("documents.issuedOn", { date: issued })}</p>
      {related ? (
        <p>
          {t(`documents.${related.relation}`, {
            title: t(`documents.titles.${related.series}`, {
              number: documentNumber(related.series, related.number),
            }),
          })}
        </p>
      ) : null}
      <dl className="receipt-facts">
        <div>
          <dt>{t("documents.seller")}</dt>
          <dd>
            {content.seller.name}
            {content.seller.address ? <>, {content.seller.address}</> : null}
            {content.seller.taxId ? <> · {t("documents.taxId", { id: content.seller.taxId })}</> : null}
          </dd>
        </div>
        <div>
          <dt>{t("documents.buyer")}</dt>
          <dd>
            {content.buyer.fullName} ({content.buyer.email})
          </dd>
        </div>
        <div>
          <dt>{t("documents.booking", { reference: content.reference })}</dt>
          <dd>
            {content.car} ·{" "}
            {t("documents.period", {
              pickup: content.pickup.names[language],
              from: when(content.pickup.local),
              dropoff: content.dropoff.names[language],
              to: when(content.dropoff.local),
            })}
          </dd>
        </div>
      </dl>
      <table className="summary-lines">
        <caption className="visually-hidden">{t("documents.lines")}</caption>
        <tbody>
          {listed.lines.map((line) => (
            <tr key={line.label}>
              <th scope="row">{line.label}</th>
              <td>{line.amount === 0 ? checkout("options.included") : money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="summary-total">
            <th scope="row">{listed.total.label}</th>
            <td>{money(listed.total.amount)}</td>
          </tr>
          {listed.includedTax ? (
            <tr>
              <th scope="row">{listed.includedTax.label}</th>
              <td>{money(listed.includedTax.amount)}</td>
            </tr>
          ) : null}
        </tfoot>
      </table>
      <p>{t("documents.currencyNote", { currency: document.currency })}</p>
      <p className="no-print">
        <a href={pdfHref} download>
          {t("documents.download")}
        </a>
      </p>
    </article>
  );
}
