/** Content-Security-Policy allowing only what the storefront loads: its own assets and nonce'd inline scripts. */
export function contentSecurityPolicy(nonce: string, { secure }: { secure: boolean }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes are used by the map component; no inline <style> elements are rendered.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ];
  if (secure) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

export function securityHeaders(nonce: string, { secure }: { secure: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(nonce, { secure }),
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
