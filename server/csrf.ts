/**
 * Cross-site request forgery check for state-changing requests. Session cookies are SameSite=Lax,
 * and on top of that a POST whose Origin (or, from browsers that send none, Sec-Fetch-Site or Referer) shows
 * another site is refused.
 */
export interface CsrfInput {
  method: string;
  origin: string | undefined;
  secFetchSite: string | undefined;
  /** Older browsers send no Origin on a form post, but do send a Referer (our policy keeps it on same-origin posts). */
  referer?: string | undefined;
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

export function isCrossSiteRequest({ method, origin, secFetchSite, referer, allowedOrigins, path }: CsrfInput): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  if (path !== undefined && PROVIDER_CALLBACK.test(path)) return false;
  if (origin !== undefined) {
    // Browsers send "null" for opaque origins (sandboxed frames, some redirects): never ours.
    return !allowedOrigins.includes(origin);
  }
  if (secFetchSite !== undefined) return secFetchSite !== "same-origin" && secFetchSite !== "none";
  if (referer) return !allowedOrigins.includes(originOfReferer(referer));
  // No header at all: not a browser form post from another site (old clients with referrers off, curl, tests).
  return false;
}

function originOfReferer(referer: string): string {
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
