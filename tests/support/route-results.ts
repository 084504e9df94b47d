/**
 * Reading what a loader or action returned, in server tests: a thrown or returned Response (a redirect, a 404), a
 * Remix `data(value, init)` result, or a plain object.
 */
export type RouteResult = Response | { data: unknown; init: ResponseInit | null } | Record<string, unknown>;

/** Remix's `data(value, init)` result, or a plain object a loader returned. */
const isDataResult = (result: unknown): result is { data: unknown; init: ResponseInit | null } =>
  typeof result === "object" && result !== null && "data" in result && "init" in result;

/** The HTTP status the page would answer with. */
export const statusOf = (result: RouteResult) =>
  result instanceof Response ? result.status : isDataResult(result) ? (result.init?.status ?? 200) : 200;

/** A header of the answer (a redirect's Location, a Set-Cookie, a Retry-After). */
export const headerOf = (result: RouteResult, name: string) =>
  result instanceof Response
    ? result.headers.get(name)
    : isDataResult(result)
      ? new Headers(result.init?.headers).get(name)
      : null;

/** The value the page renders from (null for a Response). */
export const dataOf = <T>(result: RouteResult) =>
  (result instanceof Response ? null : isDataResult(result) ? result.data : result) as T;
