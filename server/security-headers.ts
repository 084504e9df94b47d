/** Content-Security-Policy allowing only what the storefront loads: its own assets and nonce'd inline scripts. */
export interface PolicyOptions {
  secure: boolean;
  /** Extra image origins, e.g. the map tile server. */
  imageOrigins?: string[];
  /** Origins a form may lead to: the configured sign-in providers (a form post redirects to their page). */
  formOrigins?: string[];
  /** A third-party widget's origins (reCAPTCHA when it is on): its script and its frame. */
  widgetOrigins?: string[];
  /** Stripe.js and its embedded checkout, when Stripe is the gateway. */
  payment?: { script: string[]; frame: string[]; connect: string[] };
}

export function contentSecurityPolicy(
  nonce: string,
  { secure, imageOrigins = [], formOrigins = [], widgetOrigins = [], payment }: PolicyOptions,
): string {
  const directives = [
    "default-src 'self'",
    [`script-src 'self' 'nonce-${nonce}'`, ...widgetOrigins, ...(payment?.script ?? [])].join(" "),
    ["frame-src 'self'", ...widgetOrigins, ...(payment?.frame ?? [])].join(" "),
    // Inline style attributes are used by the map component; no inline <style> elements are rendered.
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(" "),
    "font-src 'self'",
    ["connect-src 'self'", ...(payment?.connect ?? [])].join(" "),
    ["form-action 'self'", ...formOrigins].join(" "),
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** The origin of an absolute URL template (tile servers); nothing for a local path. */
export function originOf(template: string): string[] {
  if (!/^https?:\/\//.test(template)) return [];
  return [new URL(template.replace(/\{[a-z]\}/g, "0")).origin];
}

export function securityHeaders(nonce: string, options: PolicyOptions): Record<string, string> {
  const { secure } = options;
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  };
  // HSTS only means something over TLS (directly or behind a trusted proxy).
  if (secure) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
