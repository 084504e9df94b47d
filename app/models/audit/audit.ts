/** What an audit entry records of a change (decision 027): each field that changed, from and to. */
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields of `after` whose value differs from `before` (arrays and objects compared by value; undefined and null
 * are the same). A created record is a change from nothing: pass `before` as null.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(after)) {
    const from = before ? before[field] : null;
    if (!same(from, to)) changes[field] = { from: from ?? null, to: to ?? null };
  }
  return changes;
}
