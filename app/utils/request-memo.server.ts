import type { AppLoadContext } from "@remix-run/node";

/** What per-request memos need of the load context. */
export type RequestContext = Pick<AppLoadContext, "requestScope">;

/**
 * A value computed at most once per request, however many of its loaders ask: keyed by the request's scope
 * object (Remix hands each loader its own copy of the Request, so the Request cannot be the key).
 */
export function perRequest<T>(): (context: RequestContext, compute: () => Promise<T>) => Promise<T> {
  const values = new WeakMap<object, Promise<T>>();
  return (context, compute) => {
    let value = values.get(context.requestScope);
    if (!value) {
      value = compute();
      values.set(context.requestScope, value);
    }
    return value;
  };
}

// Requests whose loader or action found the database away (route guards mark them, server/route-guards.ts).
const requestsWithDatabaseAway = new WeakSet<object>();

/** Notes that this request found the database away: its error page then answers without asking it again. */
export function noteDatabaseAway(context: RequestContext) {
  requestsWithDatabaseAway.add(context.requestScope);
}

/** Whether a loader or action of this request already found the database away. */
export function databaseAwayDuring(context: RequestContext): boolean {
  return requestsWithDatabaseAway.has(context.requestScope);
}
