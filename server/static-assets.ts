/**
 * The compiler's fingerprinted files under /build: sent as the brotli or gzip copy made at build time
 * (scripts/build/precompress.mjs) when the browser takes it, never compressed again per request, cached for a year as
 * immutable (no ETag or Last-Modified to revalidate). Their headers are only those that mean something for a
 * script or a style sheet — nosniff and a same-origin resource policy —: a document's policies (CSP, frame and
 * permission rules) do not apply to them and cost ~0.8 KiB on each of a page's ~20 requests.
 */
import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import express, { type NextFunction, type Request, type Response } from "express";

const ENCODINGS = [
  { name: "br", extension: ".br" },
  { name: "gzip", extension: ".gz" },
] as const;

/** The headers an asset carries (besides type, length, encoding and caching). */
export const ASSET_HEADERS = {
  "X-Content-Type-Options": "nosniff",
  "Cross-Origin-Resource-Policy": "same-origin",
} as const;

function listFiles(dir: string, base = dir, found = new Set<string>()): Set<string> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(full, base, found);
    else found.add(`/${path.relative(base, full).split(path.sep).join("/")}`);
  }
  return found;
}

/** Which encodings a request accepts, best first, among those we have copies in (q=0 refuses one). */
export function acceptedEncodings(header: string | undefined): string[] {
  const accepted = new Map<string, number>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  return ENCODINGS.map((encoding) => encoding.name).filter(
    (name) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0,
  );
}

/** Serves `dir` (mounted at /build): the precompressed copy when there is one the browser accepts. */
export function buildAssets(dir: string) {
  const available = listFiles(dir);
  const serve = express.static(dir, { immutable: true, maxAge: "1y", index: false, etag: false, lastModified: false });
  return (req: Request, res: Response, next: NextFunction) => {
    res.set(ASSET_HEADERS);
    if (req.method !== "GET" && req.method !== "HEAD") return serve(req, res, next);
    res.vary("Accept-Encoding");
    for (const name of acceptedEncodings(req.get("accept-encoding"))) {
      const extension = ENCODINGS.find((encoding) => encoding.name === name)!.extension;
      if (!available.has(`${req.path}${extension}`)) continue;
      // The type is the original file's; send() keeps a Content-Type already set.
      res.type(path.extname(req.path));
      res.set("Content-Encoding", name);
      req.url = `${req.path}${extension}`;
      break;
    }
    serve(req, res, next);
  };
}
