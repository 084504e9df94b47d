/**
 * Request paths as the access log writes them: one-time tokens, signatures and addresses in the query are replaced,
 * so a log reader cannot follow someone's reset, activation or unsubscribe link.
 */
const SECRET_PARAMS = new Set(["token", "signature", "unsubscribe", "code", "state", "email", "payerid"]);

export function redactUrl(originalUrl: string): string {
  const question = originalUrl.indexOf("?");
  if (question < 0) return originalUrl;
  const query = new URLSearchParams(originalUrl.slice(question + 1));
  let changed = false;
  for (const key of [...new Set(query.keys())]) {
    if (!SECRET_PARAMS.has(key.toLowerCase())) continue;
    query.set(key, "[redacted]");
    changed = true;
  }
  return changed ? `${originalUrl.slice(0, question)}?${query.toString()}` : originalUrl;
}
