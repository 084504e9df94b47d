/**
 * The layer rule (decision 016), judged by file path: every import is resolved to the file it names (`~/`, `#db/`
 * and relative specifiers alike) and both ends are placed in a layer by where they live, so a new subfolder is
 * covered the day it appears. `scripts/checks/lint-probes.mjs` proves each refusal still fires.
 *
 *   routes → components, hooks → models/<feature> → utils → domain
 *
 * Tests, benchmarks and scripts reach across layers to set up what they check, and are not judged.
 */
import { existsSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Which layer a repository-relative path belongs to, or null for files the rule does not judge. */
export function layerOf(file) {
  const at = file.split(path.sep).join("/");
  if (/\.test\.tsx?$/.test(at)) return null;
  if (at.startsWith("app/domain/")) return "domain";
  // A payment gateway adapter speaks the gateway's protocol and nothing of bookings (decision 019's neutral answers).
  if (at.startsWith("app/models/payments/gateways/")) return "gateway adapter";
  if (/^app\/models\/[^/]+\/.+/.test(at)) return /\.server\.tsx?$/.test(at) ? "model service" : "pure model";
  if (at.startsWith("app/utils/")) return /\.server\.tsx?$/.test(at) ? "server utility" : "pure utility";
  if (at.startsWith("app/components/") || at.startsWith("app/hooks/")) return "client";
  if (at.startsWith("app/routes/")) return "route";
  if (at.startsWith("app/locales/") || at.startsWith("app/styles/") || at === "app/i18n.ts") return "resources";
  if (/^app\/(root|entry\.(client|server))\.tsx$/.test(at)) return "shell";
  if (at === "app/types.d.ts") return "resources";
  // Fail closed: a file anywhere else in app/ (a new top-level folder, a model outside a feature folder) has no layer
  // and may neither be written nor imported until the rule places it.
  if (at.startsWith("app/")) return "unplaced";
  if (at === "db/schema.ts" || at.startsWith("db/migrations/")) return "schema";
  if (at.startsWith("db/")) return "database scripts";
  if (at.startsWith("server/") || at === "server.ts") return "server";
  return null;
}

/** The server-side layers below the views: what model services, server/ and db scripts build on. */
const MODELS_AND_UTILITIES = ["pure model", "model service", "gateway adapter", "pure utility", "server utility"];
const EVERYTHING_BELOW_ROUTES = ["client", ...MODELS_AND_UTILITIES];

/**
 * What each layer may import: `layers` for values and types, `typesFrom` for types only (erased at build).
 * Packages: `domain` may use none but zod; a pure model nothing of a framework, I/O or the database.
 */
const ALLOWED = {
  domain: { layers: ["domain"], packages: /^zod$/ },
  "pure model": {
    layers: ["domain", "pure model", "pure utility", "resources"],
    // Types are erased: a pure model may describe what a server module hands it.
    typesFrom: ["model service", "gateway adapter", "server utility", "schema"],
    packagesRefused:
      /^(react|react-dom|@remix-run\/.*|node:.*|drizzle-orm.*|pg|@electric-sql\/.*|ioredis|nodemailer|stripe)$/,
  },
  "model service": {
    layers: ["domain", ...MODELS_AND_UTILITIES, "schema", "resources"],
    packagesRefused: /^(react|react-dom|@remix-run\/react)$/,
  },
  "gateway adapter": {
    layers: ["domain", "pure utility", "server utility", "gateway adapter"],
    // The card's digits are read by one pure payments rule; nothing else of the models.
    modules: ["app/models/payments/card.ts"],
    packagesRefused: /^(react|react-dom|@remix-run\/.*|drizzle-orm.*|pg|@electric-sql\/.*|ioredis|nodemailer)$/,
  },
  unplaced: { layers: [] },
  "pure utility": {
    layers: ["domain", "pure utility", "resources"],
    packagesRefused: /^(node:.*|drizzle-orm.*|pg|@electric-sql\/.*|ioredis|nodemailer|stripe)$/,
  },
  "server utility": {
    layers: ["domain", "pure utility", "server utility", "schema", "resources"],
    packagesRefused: /^(react-dom|@remix-run\/react)$/,
  },
  client: {
    layers: ["domain", "pure model", "pure utility", "client", "resources"],
    typesFrom: ["model service", "gateway adapter", "server utility", "schema", "shell"],
  },
  // A route reaches the database through its models, never the schema itself.
  route: { layers: ["domain", ...EVERYTHING_BELOW_ROUTES, "resources", "shell"], typesFrom: ["schema"] },
  shell: { layers: ["domain", ...EVERYTHING_BELOW_ROUTES, "resources"] },
  server: {
    layers: ["domain", ...MODELS_AND_UTILITIES, "schema", "database scripts", "resources", "server"],
    packagesRefused: /^(react|react-dom|@remix-run\/react)$/,
  },
  resources: { layers: ["domain", "resources"] },
  schema: { layers: ["domain"] },
  "database scripts": {
    layers: ["domain", ...MODELS_AND_UTILITIES, "schema", "database scripts"],
  },
};

const WHY = {
  domain: "app/domain is the ground floor: pure vocabulary with no I/O and no framework, importing nothing of the app",
  "pure model": "a pure model runs anywhere: no server module, no database, no view or framework",
  "model service": "models know no route, component or hook",
  "gateway adapter":
    "a payment gateway adapter knows its gateway and the neutral types only, never bookings, the database or a view",
  unplaced:
    "this path has no layer: place new app/ code in domain, models/<feature>, utils, components, hooks or routes",
  "pure utility": "a pure utility knows no domain rule, server module or view",
  "server utility": "infrastructure knows no model, route or view: move the code that needs it into models",
  client: "components and hooks run in the browser: they take only types from server modules and never a route",
  route: "a route never imports another route or the schema: move what is shared into models, components or hooks",
  shell: "the app shell imports no route",
  resources: "translations, styles and the i18n options import only the domain and each other",
  server: "server/ wraps Remix: it knows no route, component or hook",
  schema: "the schema imports only the domain's vocabulary",
  "database scripts": "database scripts know no route, component or hook",
};

/** The file a specifier names (repository-relative, extension left as written), or null for a package. */
function targetOf(specifier, importer) {
  if (specifier.startsWith("~/")) return path.join("app", specifier.slice(2));
  if (specifier.startsWith("#db/")) return path.join("db", specifier.slice(4));
  if (specifier.startsWith("./") || specifier.startsWith("../"))
    return path.relative(ROOT, path.resolve(path.dirname(importer), specifier));
  return null;
}

const packageName = (specifier) =>
  specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : specifier.split("/")[0];

/** The route a file under app/routes belongs to: its folder for a route folder, the file itself otherwise. */
function routeOf(file) {
  const [, , first, second] = file.split(path.sep);
  return second === undefined ? first.replace(/\.tsx?$/, "") : first;
}

function withExtension(target) {
  // A specifier without extension is judged as the module it names (.ts, .tsx or a folder's index); `.server` stays.
  if (/\.(tsx?|mjs|js|json|css)$/.test(target)) return target;
  const found = [".tsx", "/index.ts", "/index.tsx"].map((ending) => `${target}${ending}`);
  return found.find((candidate) => existsSync(path.join(ROOT, candidate))) ?? `${target}.ts`;
}

function judge(importerFile, specifier, typeOnly) {
  const from = layerOf(importerFile);
  if (!from) return null;
  const allowed = ALLOWED[from];
  const targetPath = targetOf(specifier, path.join(ROOT, importerFile));
  if (targetPath === null) {
    const name = specifier.startsWith("node:") ? specifier : packageName(specifier);
    if (typeOnly) return null;
    if (allowed.packages && !allowed.packages.test(name)) return `${WHY[from]} (package ${name})`;
    if (allowed.packagesRefused?.test(name)) return `${WHY[from]} (package ${name})`;
    return null;
  }
  const target = withExtension(targetPath);
  if (target.startsWith("..")) return `${WHY[from]} (${specifier} is outside the project)`;
  if (/\.test\.tsx?$/.test(target) || target.startsWith("tests/")) return `production code never imports a test`;
  const to = layerOf(target);
  if (to === null) return null;
  if (from === "route" && to === "route") {
    const sameRouteFolder = importerFile.split(path.sep).length > 3 && routeOf(importerFile) === routeOf(target);
    return sameRouteFolder && !/\/route\.tsx?$/.test(target) ? null : WHY.route;
  }
  if (to === "unplaced") return `${WHY.unplaced} (${specifier})`;
  if (allowed.layers.includes(to)) return null;
  if (allowed.modules?.includes(target)) return null;
  if (typeOnly && allowed.typesFrom?.includes(to)) return null;
  return `${WHY[from]} (${specifier} is a ${to} module)`;
}

const isTypeOnly = (node) =>
  node.importKind === "type" ||
  node.exportKind === "type" ||
  (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

export const layerRule = {
  meta: {
    type: "problem",
    docs: { description: "Imports go one way between the layers, judged by the files' paths (decision 016)." },
    schema: [],
    messages: { refused: "Layer rule: {{why}}." },
  },
  create(context) {
    const importerFile = path.relative(ROOT, context.filename);
    const layer = layerOf(importerFile);
    if (!layer) return {};
    if (layer === "unplaced")
      return { Program: (node) => context.report({ node, messageId: "refused", data: { why: WHY.unplaced } }) };
    const check = (node, source, typeOnly) => {
      if (!source || typeof source.value !== "string") return;
      const why = judge(importerFile, source.value, typeOnly);
      if (why) context.report({ node: source, messageId: "refused", data: { why } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === "type"),
      ImportExpression: (node) => node.source.type === "Literal" && check(node, node.source, false),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        if (literal?.type === "Literal") check(node, literal, true);
      },
    };
  },
};

export const layersPlugin = { rules: { imports: layerRule } };
