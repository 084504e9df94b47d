/**
 * Remembers a computed value for a short time in this process. For figures that may be a little stale
 * (how many cars a place has) and are costly to count on every page; each app instance keeps its own copy.
 *
 * Within `ttlMs` the value is served as is. For another `ttlMs` after that it is still served, while one
 * recomputation runs behind it, so visitors never wait for the recount; older than that (a page nobody asked
 * for in a while) it is recomputed before answering. A failed computation is never remembered.
 */
import { logError } from "./errors.server";
export function cachedFor<Key, Value>(
  ttlMs: number,
  compute: (key: Key) => Promise<Value>,
  now: () => number = Date.now,
) {
  interface Entry {
    value: Promise<Value>;
    computedAt: number;
    settled: boolean;
    refreshing: boolean;
  }
  const entries = new Map<Key, Entry>();

  function start(key: Key): Entry {
    const entry: Entry = { value: compute(key), computedAt: now(), settled: false, refreshing: false };
    entry.value.then(
      () => {
        entry.settled = true;
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  }

  return (key: Key): Promise<Value> => {
    const entry = entries.get(key);
    const age = entry ? now() - entry.computedAt : Infinity;
    if (entry && age < ttlMs) return entry.value;
    if (entry && entry.settled && age < 2 * ttlMs) {
      if (!entry.refreshing) {
        entry.refreshing = true;
        const next = start(key);
        next.value.then(
          // Unless a newer computation replaced the entry meanwhile (a recount slower than the cache's life).
          () => entries.get(key) === entry && entries.set(key, next),
          (error: unknown) => {
            // No second try behind the scenes: the previous figures serve until they are too old, and then the
            // next visitor recomputes them (and sees the error if it persists).
            logError("cache", error, "could not refresh a cached value");
          },
        );
      }
      return entry.value;
    }
    const fresh = start(key);
    entries.set(key, fresh);
    return fresh.value;
  };
}
