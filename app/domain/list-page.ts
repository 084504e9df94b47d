/** The furthest page a list's address may ask for: beyond it, an offset scan costs more than anyone would read. */
export const LAST_LIST_PAGE = 10_000;

/** A list's page from its address (`?page=`): a whole number from 1 to LAST_LIST_PAGE, else the first page. */
export function listPage(search: URLSearchParams): number {
  const page = Number(search.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= LAST_LIST_PAGE ? page : 1;
}

/** A list's search text from its address (`?q=`), trimmed and cut to `max` characters. */
export const listText = (search: URLSearchParams, max = 100) => (search.get("q") ?? "").trim().slice(0, max);
