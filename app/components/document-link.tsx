import type { DocumentSeries } from "~/domain/enums";
import { documentNumber } from "~/models/documents/document-lines";
import { useTranslation } from "./i18n-provider";
import { SiteLink } from "./site-link";

/**
 * Where a booking's invoice or receipt is read (decision 049), or, before it is issued, when it will be: on the
 * driver's booking page and the staff's.
 */
export function DocumentLink({
  document,
  href,
}: {
  document: { series: DocumentSeries; number: number } | null;
  href: string;
}) {
  const { t } = useTranslation("common");
  if (!document) return <p className="hint no-print">{t("documents.notYet")}</p>;
  const title = t(`documents.titles.${document.series}`, { number: documentNumber(document.series, document.number) });
  return (
    <p className="no-print">
      <SiteLink to={href}>{t("documents.link", { title })}</SiteLink>
    </p>
  );
}
