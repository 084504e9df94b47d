/**
 * A message and how forms carry it (decision 017): pure, and free of zod, so a page that only shows a form's errors
 * ships no validation library; `form-errors.ts` adds zod's error map for the server's schemas.
 */

/** A message to show: a translation key and its parameters. The one shape every layer passes messages in. */
export type Message = { key: string; params?: Record<string, string | number> };

/**
 * Conform and zod carry every error, a field's or the form's, as a string: a message goes in as JSON (a bare key
 * when it has no parameters) and is read back and translated at render time.
 */
export function encodeFormError(key: string, params?: Record<string, string | number>): string {
  return params ? JSON.stringify({ key, params }) : key;
}

export function decodeFormError(value: string | undefined): Message | undefined {
  if (!value) return undefined;
  if (!value.startsWith("{")) return { key: value };
  try {
    const parsed = JSON.parse(value) as Message;
    return typeof parsed.key === "string" ? parsed : { key: value };
  } catch {
    return { key: value };
  }
}
