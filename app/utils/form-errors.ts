/**
 * Conform carries form-level errors as strings; ours are translation keys with parameters, packed as JSON
 * (a plain key is accepted too), and translated at render time.
 */
/** A message to show: a translation key and its parameters. The one shape every layer passes messages in. */
export type Message = { key: string; params?: Record<string, string | number> };
export type FormErrorMessage = Message;

export function encodeFormError(key: string, params?: Record<string, string | number>): string {
  return params ? JSON.stringify({ key, params }) : key;
}

export function decodeFormError(value: string | undefined): FormErrorMessage | undefined {
  if (!value) return undefined;
  if (!value.startsWith("{")) return { key: value };
  try {
    const parsed = JSON.parse(value) as FormErrorMessage;
    return typeof parsed.key === "string" ? parsed : { key: value };
  } catch {
    return { key: value };
  }
}
