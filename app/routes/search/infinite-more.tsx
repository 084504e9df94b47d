import { carPageHrefFromSearch, checkoutHrefFromSearch } from "~/models/navigation/links";
import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useState, type ReactNode } from "react";
import { CarCard } from "~/components/car-card";
import { INFINITE_SCROLL_OFFSET_PX, searchQuery, type SearchParams } from "~/models/search/search";
import { useTranslation } from "~/components/i18n-provider";
import { SiteLink } from "~/components/site-link";
import type { loader } from "./page.server";

/** Calls `onVisible` once when it comes within the infinite-scroll offset of the window. */
export function Sentinel({ onVisible, children }: { onVisible: () => void; children: ReactNode }) {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onVisible();
        }
      },
      { rootMargin: `0px 0px ${INFINITE_SCROLL_OFFSET_PX}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, onVisible]);
  return (
    <div ref={setElement} className="load-more">
      {children}
    </div>
  );
}

/** One more page of results, fetched from the same loader; it offers the next one once it has arrived. */
export function MorePage({
  params,
  page,
  pages,
  onNeedMore,
}: {
  params: SearchParams;
  page: number;
  pages: number;
  onNeedMore: (page: number) => void;
}) {
  const { t } = useTranslation("search");
  const fetcher = useFetcher<typeof loader>();
  const query = searchQuery(params, { page });
  const { load } = fetcher;
  useEffect(() => {
    load(`/search?${query}`);
  }, [load, query]);
  const offers = fetcher.data?.results?.offers ?? [];
  return (
    <>
      {offers.map((offer) => (
        <li key={offer.id}>
          <CarCard
            offer={offer}
            checkoutHref={checkoutHrefFromSearch(params, offer.id)}
            carHref={carPageHrefFromSearch(params, offer.id)}
          />
        </li>
      ))}
      {fetcher.data && page < pages ? (
        <li>
          <Sentinel onVisible={() => onNeedMore(page + 1)}>
            <SiteLink to={`/search?${searchQuery(params, { page: page + 1 })}`}>{t("pagination.loadMore")}</SiteLink>
          </Sentinel>
        </li>
      ) : null}
    </>
  );
}

/** Infinite scroll (configuration): the next pages' cars are appended as the end of the list comes into view. */
export function InfiniteMore({ params, pages }: { params: SearchParams; pages: number }) {
  const { t } = useTranslation("search");
  const [lastPage, setLastPage] = useState(params.page);
  const needMore = useCallback(
    (page: number) => setLastPage((current) => Math.max(current, Math.min(page, pages))),
    [pages],
  );
  const extra = Array.from({ length: lastPage - params.page }, (_, index) => params.page + 1 + index);
  return (
    <>
      {extra.map((page) => (
        <MorePage key={page} params={params} page={page} pages={pages} onNeedMore={needMore} />
      ))}
      {extra.length === 0 && params.page < pages ? (
        <li>
          <Sentinel onVisible={() => needMore(params.page + 1)}>
            <SiteLink to={`/search?${searchQuery(params, { page: params.page + 1 })}`}>
              {t("pagination.loadMore")}
            </SiteLink>
          </Sentinel>
        </li>
      ) : null}
    </>
  );
}
