/**
 * JavaScript each page ships: every module the document preloads or imports, gzip-compressed (level 9 as
 * a CDN would), summed. Usage: start the server (npm start), then
 *   npx tsx bench/page-weight.ts [base URL] [paths...]
 * Defaults: http://127.0.0.1:3000 and /, /search, /locations, /about.
 */
import { gzipSync } from "node:zlib";

const [base = "http://127.0.0.1:3000", ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ["/", "/search", "/locations", "/about"];

async function bytesOf(url: string): Promise<{ raw: number; gzip: number }> {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
}

for (const path of pages) {
  const html = await (await fetch(new URL(path, base))).text();
  const urls = new Set<string>();
  for (const match of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(match[1]!);
  for (const match of html.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?"(\/build\/[^"]+)"/g)) urls.add(match[1]!);
  let raw = 0;
  let gzip = 0;
  for (const url of urls) {
    const size = await bytesOf(new URL(url, base).href);
    raw += size.raw;
    gzip += size.gzip;
  }
  const inline = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join("");
  const inlineGzip = gzipSync(Buffer.from(inline), { level: 9 }).length;
  const document = gzipSync(Buffer.from(html), { level: 9 }).length;
  console.log(
    `${path.padEnd(12)} JS files: ${String(urls.size).padStart(2)}  JS ${(raw / 1024).toFixed(1)} KiB raw, ${(gzip / 1024).toFixed(1)} KiB gzip` +
      `  | inline scripts ${(inlineGzip / 1024).toFixed(1)} KiB gzip | HTML document ${(document / 1024).toFixed(1)} KiB gzip`,
  );
}
