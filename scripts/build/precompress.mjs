// Brotli (quality 11) and gzip (level 9) copies of every built asset, made once at build time so the server sends
// them as they are instead of compressing each response again (server/static-assets.ts picks the one a browser takes).
// Usage: node scripts/build/precompress.mjs [folder]   (default public/build)
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = process.argv[2] ?? "public/build";
const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let original = 0;
let brotli = 0;
for (const file of files(root)) {
  const bytes = readFileSync(file);
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gz = gzipSync(bytes, { level: 9 });
  // A copy only where it is smaller: tiny files stay as they are.
  if (br.length < bytes.length) writeFileSync(`${file}.br`, br);
  if (gz.length < bytes.length) writeFileSync(`${file}.gz`, gz);
  count++;
  original += statSync(file).size;
  brotli += Math.min(br.length, bytes.length);
}
console.log(
  `precompress: ${count} files in ${root}, ${(original / 1024).toFixed(0)} KiB → ${(brotli / 1024).toFixed(0)} KiB brotli`,
);
