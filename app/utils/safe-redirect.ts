const BASE = "http://localhost";

/**
 * A path on this site to go back to; anything else (other hosts, protocol-relative, backslashes, and dot-segments
 * or tabs that resolve to one of those) gives `fallback`. The path returned is the normalised one, checked again,
 * because '/.//evil.example' is harmless as typed but becomes '//evil.example' once resolved.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.includes("\\"))
    return fallback;
  try {
    const url = new URL(target, BASE);
    if (url.origin !== BASE) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (path.startsWith("//") || path.startsWith("/\\") || new URL(path, BASE).origin !== BASE) return fallback;
    return path;
  } catch {
    return fallback;
  }
}
