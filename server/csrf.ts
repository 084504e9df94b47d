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

export function isCrossSiteRequest({
  method,
  origin,
  secFetchSite,
  referer,
  allowedOrigins,
  path,
}: CsrfInput): boolean {
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

export interface SiteAddress {
  /** The request's scheme as Express sees it (X-Forwarded-Proto counts only from a trusted proxy). */
  protocol: string;
  host: string | undefined;
  forwardedHost: string | undefined;
  /** Whether the peer is a trusted proxy (TRUST_PROXY), whose X-Forwarded-Host may be believed. */
  fromTrustedProxy: boolean;
  appUrl: string | undefined;
}

/**
 * The origins this site's own forms are posted from: APP_URL's, the address the request was sent to, and — only
 * from a trusted proxy — the host it says the browser asked for. A proxy that rewrites Host (nginx's default
 * `proxy_set_header Host $proxy_host`) is answered through APP_URL or X-Forwarded-Host.
 */
export function siteOrigins({ protocol, host, forwardedHost, fromTrustedProxy, appUrl }: SiteAddress): string[] {
  const origins = new Set<string>();
  if (appUrl) origins.add(new URL(appUrl).origin);
  if (host) origins.add(`${protocol}://${host}`);
  const forwarded = forwardedHost?.split(",")[0]?.trim();
  if (fromTrustedProxy && forwarded) origins.add(`${protocol}://${forwarded}`);
  return [...origins];
}
