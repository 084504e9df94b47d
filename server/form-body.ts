/** Every post this site takes is an HTML form: other bodies (JSON, text) are refused before an action reads them. */
import { SAFE_METHODS } from "./csrf";

const FORM_BODY = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

/** A state-changing request whose body is not a form (actions read forms only; anything else would fail there). */
export function hasUnreadableBody(method: string, contentType: string | undefined, contentLength: string | undefined, transferEncoding: string | undefined): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const hasBody = transferEncoding !== undefined || (contentLength !== undefined && contentLength !== "0");
  if (!hasBody) return false;
  return !FORM_BODY.test(contentType ?? "");
}
