/**
 * Cross-site request forgery check for state-changing requests. Session cookies are SameSite=Lax,
 * and on top of that a POST whose Origin (or Sec-Fetch-Site) shows another site is refused.
 */
export interface CsrfInput {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** Origins this site is served from, e.g. "https://rent.example". */
  allowedOrigins: string[];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest({ method, origin, secFetchSite, allowedOrigins }: CsrfInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (origin !== undefined) {
    // Browsers send "null" for opaque origins (sandboxed frames, some redirects): never ours.
    return !allowedOrigins.includes(origin);
  }
  if (secFetchSite !== undefined) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  // Neither header: not a browser form post from another site (old clients, curl, tests).
  return false;
}
