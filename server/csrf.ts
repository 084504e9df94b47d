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
  /** The request's path (without the query). */
  path?: string;
}

/**
 * Paths another site may post to: a sign-in provider's answer sent as a form post (Apple's response_mode
 * form_post). They are protected instead by a one-time state bound to the browser's own signed cookie.
 */
const PROVIDER_CALLBACK = /^\/auth\/(google|facebook|apple)\/callback$/;

/** Methods that change nothing, so no form check applies to them. */
export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest({ method, origin, secFetchSite, allowedOrigins, path }: CsrfInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (path !== undefined && PROVIDER_CALLBACK.test(path)) return false;
  if (origin !== undefined) {
    // Browsers send "null" for opaque origins (sandboxed frames, some redirects): never ours.
    return !allowedOrigins.includes(origin);
  }
  if (secFetchSite !== undefined) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  // Neither header: not a browser form post from another site (old clients, curl, tests).
  return false;
}
