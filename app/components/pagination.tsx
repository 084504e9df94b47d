import { useTranslation } from "~/components/i18n-provider";
import { SiteLink } from "./site-link";

/** Classic page links (spec §9: pagination mode classic); each page is a plain URL. */
export function Pagination({
  page,
  pages,
  hrefFor,
}: {
  page: number;
  pages: number;
  hrefFor: (page: number) => string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t("pagination.label")}>
      <p className="visually-hidden">{t("pagination.of", { page, pages })}</p>
      <ul>
        {page > 1 ? (
          <li>
            <SiteLink to={hrefFor(page - 1)} rel="prev">
              {t("pagination.previous")}
            </SiteLink>
          </li>
        ) : null}
        {shown.map((n, index) => (
          <li key={n}>
            {index > 0 && n - (shown[index - 1] ?? n) > 1 ? <span aria-hidden="true">… </span> : null}
            <SiteLink
              to={hrefFor(n)}
              aria-current={n === page ? "page" : undefined}
              aria-label={t("pagination.page", { page: n })}
            >
              {n}
            </SiteLink>
          </li>
        ))}
        {page < pages ? (
          <li>
            <SiteLink to={hrefFor(page + 1)} rel="next">
              {t("pagination.next")}
            </SiteLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
