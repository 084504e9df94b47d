// Merges the browser build's small chunks (decision 014), after `remix build` and before precompress.
//
// Remix's classic compiler splits the browser code with esbuild, which makes one chunk per set of routes that share
// a module and cannot merge them: each page loaded 20–35 script files, most under 1 KiB (a third of them 100-byte
// stand-ins for `.server` modules), and about a tenth of a page's script bytes were response headers. Rollup bundles
// esbuild's output again (the chunks are plain ES modules), with one rule: what every page loads (the entry's and
// the root route's code) and every small chunk whose own imports are all in it become one file. Everything else is
// split by Rollup as before. The route modules keep their exports; the manifest Remix reads (the browser's
// manifest file and the server build's copy) is rewritten to name the new files. See decision 014.
//
// Usage: node scripts/build/merge-chunks.mjs [public/build] [build/index.js]
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { rollup } from "rollup";

const buildDir = process.argv[2] ?? "public/build";
const serverBuild = process.argv[3] ?? "build/index.js";
/** A chunk under this many bytes joins the shared file when everything it imports is there already. */
const SMALL_CHUNK_BYTES = 2048;
const PUBLIC_PATH = "/build/";

// The server build's copy of the manifest (one literal statement, replaced whole at the end): checked before anything
// changes, so a server build printed another way stops the build with the browser build untouched.
const server = readFileSync(serverBuild, "utf8");
const statement = /^var assets_manifest_default = \{.*\};$/m;
const statements = server.match(new RegExp(statement.source, "gm"))?.length ?? 0;
if (statements !== 1) throw new Error(`merge-chunks: found ${statements} asset manifests in ${serverBuild}`);

const manifestFile = readdirSync(buildDir).find((name) => /^manifest-[0-9A-F]+\.js$/i.test(name));
if (!manifestFile) throw new Error(`merge-chunks: no manifest in ${buildDir}`);
const manifestText = readFileSync(path.join(buildDir, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("{"), manifestText.lastIndexOf("}") + 1));

const fileOf = (url) => path.resolve(buildDir, url.slice(PUBLIC_PATH.length));

// Rollup's entries: the client entry and every route module, named by route id (their output file names).
const entries = { "entry.client": fileOf(manifest.entry.module) };
for (const [id, route] of Object.entries(manifest.routes)) entries[id] = fileOf(route.module);

/** Each file's static imports, read from esbuild's output (its imports are absolute /build/ URLs). */
const staticImports = new Map();
const importsOf = (file) => {
  if (!staticImports.has(file)) {
    const code = readFileSync(file, "utf8");
    const found = [
      ...code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'();]*?from\s*)?["'](\/build\/[^"']+)["']/g),
    ];
    staticImports.set(
      file,
      found.map((match) => fileOf(match[1])),
    );
  }
  return staticImports.get(file);
};
const closure = (roots) => {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of importsOf(file)) visit(imported);
  };
  roots.forEach(visit);
  return seen;
};

// Every script esbuild made that a page can load (the dynamically imported ones are loaded later and stay apart).
const builtScripts = closure(Object.values(entries));
// What every page loads: the entry, the root route and their imports.
const everyPage = closure([entries["entry.client"], entries.root]);
const shared = new Set([...everyPage].filter((file) => file !== entries["entry.client"] && file !== entries.root));
// Small chunks whose imports are all loaded by every page (or join with them), until nothing more joins.
const isEntry = new Set(Object.values(entries));
for (let joined = true; joined;) {
  joined = false;
  for (const file of builtScripts) {
    if (shared.has(file) || isEntry.has(file) || statSync(file).size >= SMALL_CHUNK_BYTES) continue;
    if (importsOf(file).every((imported) => shared.has(imported) || everyPage.has(imported))) {
      shared.add(file);
      joined = true;
    }
  }
}

const bundle = await rollup({
  input: entries,
  preserveEntrySignatures: "strict",
  // esbuild's output is minified already and its modules are pure where esbuild said so: keep its code as it is.
  treeshake: false,
  onwarn(warning, warn) {
    if (warning.code === "CIRCULAR_DEPENDENCY") return;
    warn(warning);
  },
  plugins: [
    {
      name: "remix-build-urls",
      resolveId(source) {
        if (source.startsWith(PUBLIC_PATH)) return fileOf(source);
        return null;
      },
    },
  ],
});
const outDir = path.join(buildDir, ".merged");
rmSync(outDir, { recursive: true, force: true });
const { output } = await bundle.write({
  dir: outDir,
  format: "es",
  entryFileNames: "[name]-[hash].js",
  chunkFileNames: "_shared/[name]-[hash].js",
  hashCharacters: "base36",
  manualChunks: (id) => (shared.has(id) ? "shared" : undefined),
  minifyInternalExports: true,
  compact: true,
});
await bundle.close();

// Replace esbuild's scripts by Rollup's (assets such as CSS and images stay where they are).
const outputs = new Map(output.filter((item) => item.type === "chunk").map((chunk) => [chunk.fileName, chunk]));
const oldScripts = new Set(builtScripts);
for (const file of readdirSync(path.join(buildDir, "_shared")).map((name) => path.join(buildDir, "_shared", name)))
  if (/\.js$/.test(file)) oldScripts.add(file);
for (const file of oldScripts) rmSync(file, { force: true });
for (const fileName of outputs.keys()) {
  const target = path.join(buildDir, fileName);
  rmSync(target, { force: true });
  renameSync(path.join(outDir, fileName), target);
}
rmSync(outDir, { recursive: true, force: true });

// The manifest: each route's module and the files it imports (Remix preloads them), by route id.
const idOfFile = new Map(Object.entries(entries).map(([id, file]) => [file, id]));
const chunkOfEntry = new Map(
  [...outputs.values()].filter((chunk) => chunk.isEntry).map((chunk) => [idOfFile.get(chunk.facadeModuleId), chunk]),
);
const allImports = (chunk, seen = new Set()) => {
  for (const name of chunk.imports) {
    if (seen.has(name)) continue;
    seen.add(name);
    allImports(outputs.get(name), seen);
  }
  return seen;
};
/** A module and every file it imports; the entry always lists its imports (Remix's `<Scripts>` reads them). */
const described = (name) => {
  const chunk = chunkOfEntry.get(name);
  if (!chunk) throw new Error(`merge-chunks: Rollup made no entry for ${name}`);
  const imports = [...allImports(chunk)].map((fileName) => PUBLIC_PATH + fileName);
  const listed = imports.length > 0 || name === "entry.client";
  return { module: PUBLIC_PATH + chunk.fileName, imports: listed ? imports : undefined };
};
const merged = { ...manifest, entry: described("entry.client"), routes: {} };
for (const [id, route] of Object.entries(manifest.routes)) merged.routes[id] = { ...route, ...described(id) };
const version = createHash("sha256")
  .update(JSON.stringify({ entry: merged.entry, routes: merged.routes }))
  .digest("hex")
  .slice(0, 8)
  .toUpperCase();
merged.version = version;
merged.url = `${PUBLIC_PATH}manifest-${version}.js`;
rmSync(path.join(buildDir, manifestFile));
for (const suffix of [".br", ".gz"]) rmSync(path.join(buildDir, manifestFile + suffix), { force: true });
writeFileSync(path.join(buildDir, `manifest-${version}.js`), `window.__remixManifest=${JSON.stringify(merged)};`);

// The server build's copy of the manifest, checked at the start.
writeFileSync(
  serverBuild,
  server.replace(statement, () => `var assets_manifest_default = ${JSON.stringify(merged)};`),
);

// The most script files a page loads: the entry's and the root's, and its route's.
const filesOf = (part) => [part.module, ...(part.imports ?? [])];
const everyPageFiles = [...filesOf(merged.entry), ...filesOf(merged.routes.root)];
const most = Math.max(
  ...Object.values(merged.routes).map((route) => new Set([...everyPageFiles, ...filesOf(route)]).size),
);
console.log(
  `merge-chunks: ${oldScripts.size} scripts → ${outputs.size} (${shared.size} chunks in the shared file); at most ${most} per page`,
);
