/**
 * Remembers a computed value for a short time in this process. For figures that may be a little stale
 * (how many cars a place has) and are costly to count on every page; each app instance keeps its own copy.
 */
export function cachedFor<Key, Value>(ttlMs: number, compute: (key: Key) => Promise<Value>) {
  const entries = new Map<Key, { value: Promise<Value>; expiresAt: number }>();
  return (key: Key): Promise<Value> => {
    const now = Date.now();
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now) return entry.value;
    const value = compute(key);
    entries.set(key, { value, expiresAt: now + ttlMs });
    // A failed computation is not remembered.
    value.catch(() => entries.delete(key));
    return value;
  };
}
