import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layer rule (decision 016): routes → models → utils, each layer importing only those after it.
 * Pure models (app/models/*.ts) run anywhere and import nothing server-side; *.server.ts models hold the
 * domain's queries and request-scoped services; utils are infrastructure and know no domain service;
 * components and hooks are client code and take only types from server modules. Enums come from one module.
 */
const ENUM_NAMES = [
  "BOOKING_STATUSES",
  "BookingStatus",
  "CAR_RANGES",
  "CURRENCIES",
  "CarRange",
  "Currency",
  "EXTRAS",
  "Extra",
  "FUEL_POLICIES",
  "FUEL_TYPES",
  "FuelPolicy",
  "FuelType",
  "GEARBOXES",
  "Gearbox",
  "HOLDING_STATUSES",
  "LANGUAGES",
  "Language",
  "MULTIMEDIA",
  "Multimedia",
  "PAYMENT_GATEWAYS",
  "PAYMENT_MODES",
  "PaymentGateway",
  "PaymentMode",
  "SOCIAL_PROVIDERS",
  "SOCIAL_PROVIDER_NAMES",
  "SocialProvider",
  "TOKEN_PURPOSES",
  "TokenPurpose",
  "USER_ROLES",
  "UserRole",
];
const enumsFromOneModule = {
  name: "#db/schema",
  importNames: ENUM_NAMES,
  message: "Import enums and their types from ~/domain/enums.",
};
// Links render through SiteLink, which the server renders as plain anchors (decision 018).
const siteLinks = {
  name: "@remix-run/react",
  importNames: ["Link", "NavLink"],
  message: "Use SiteLink and SiteNavLink from ~/components/site-link (decision 018).",
};
const layer = (patterns, options = {}, paths = [enumsFromOneModule, siteLinks]) => [
  "error",
  { paths, patterns: patterns.map(({ group, message }) => ({ group, message, ...options })) },
];
const CLIENT = [
  {
    group: ["~/routes/*", "../routes/*"],
    message: "Routes are the top layer: move what is shared into models, components or hooks.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      "data/",
      ".e2e-data/",
      "playwright-report/",
      "test-results/",
      ".cache/",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": layer([]) },
  },
  {
    // CONTRIBUTING: a route never imports another route (relative imports included); shared code goes below.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer([
        {
          group: ["./*", "!./*.server", "../routes/*", "~/routes/*"],
          message: "A route never imports another route: move what is shared into models, components or hooks.",
        },
      ]),
    },
  },
  {
    files: ["app/models/*.ts"],
    ignores: ["app/models/*.server.ts", "app/models/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer([
        {
          group: ["*.server", "**/*.server", "#db/*"],
          message: "A pure model runs anywhere: no server module, no database.",
        },
        {
          group: [
            "~/routes/*",
            "~/components/*",
            "~/hooks/*",
            "**/routes/*",
            "**/components/*",
            "**/hooks/*",
            "react",
            "@remix-run/*",
          ],
          message: "Models know no route, view or framework.",
        },
      ]),
    },
  },
  {
    files: ["app/models/*.server.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer([
        {
          group: ["~/routes/*", "~/components/*", "~/hooks/*", "**/routes/*", "**/components/*", "**/hooks/*"],
          message: "Models know no route or view.",
        },
      ]),
    },
  },
  {
    files: ["app/utils/**/*.{ts,tsx}"],
    ignores: ["app/utils/**/*.test.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer([
        {
          group: ["~/models/*.server", "**/models/*.server"],
          message: "Infrastructure knows no domain service: move the code that needs it into models.",
        },
        {
          group: ["~/routes/*", "~/components/*", "~/hooks/*", "**/routes/*", "**/components/*", "**/hooks/*"],
          message: "Infrastructure knows no route or view.",
        },
      ]),
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/hooks/**/*.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": layer(
        [
          ...CLIENT,
          { group: ["*.server", "**/*.server", "#db/*"], message: "Client code takes only types from server modules." },
        ],
        { allowTypeImports: true },
      ),
    },
  },
  {
    // The one module that wraps Remix's links, and its test, which compares the two.
    files: ["app/components/site-link.tsx", "app/components/site-link.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": layer(CLIENT, {}, [enumsFromOneModule]) },
  },
  {
    // Tests reach across layers to set up what they check; the database module opens the whole schema.
    files: ["**/*.test.ts", "app/utils/db.server.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
);
