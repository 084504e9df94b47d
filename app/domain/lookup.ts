/**
 * `map`'s value for `key` where the caller put every key it asks for (rows it just wrote, codes it just checked): a
 * missing one is a bug, thrown with its key, never an `undefined` carried on as if it were a value.
 */
export function lookUp<Key, Value>(map: ReadonlyMap<Key, Value>, key: Key): Value {
  const value = map.get(key);
  if (value === undefined) throw new Error(`no value for ${String(key)}`);
  return value;
}
