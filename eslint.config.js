import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { layersPlugin } from "./scripts/checks/layer-rule.mjs";

// Links render through SiteLink, which the server renders as plain anchors (decision 018).
const siteLinks = {
  name: "@remix-run/react",
  importNames: ["Link", "NavLink"],
  message: "Use SiteLink and SiteNavLink from ~/components/site-link (decision 018).",
};
const pageTranslations = {
  name: "react-i18next",
  message:
    "Use useTranslation from ~/components/i18n-provider: it reads the page's catalogue, where a route's namespace arrives with its loader data (react-i18next's shows keys after a client navigation).",
};

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
    // The layer rule (decision 016): imports judged by the paths of both files, subfolders, db/ and server/ included.
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts", "db/**/*.ts"],
    plugins: { layers: layersPlugin },
    rules: {
      "layers/imports": "error",
      "@typescript-eslint/no-restricted-imports": ["error", { paths: [siteLinks, pageTranslations] }],
    },
  },
  {
    // Types that hold (decision 042): no `as never` in app code, which switched off the translation-key check
    // (decision 017) and the form types exactly where they mattered.
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSAsExpression > TSNeverKeyword",
          message: "`as never` switches the type check off: type the value (decision 042).",
        },
      ],
    },
  },
  {
    // Pages and their parts read their data as typed: a `!` there hid a form typed as Record<string, string>.
    files: ["app/routes/**/*.{ts,tsx}", "app/components/**/*.{ts,tsx}", "app/hooks/**/*.ts"],
    ignores: ["app/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-non-null-assertion": "error" },
  },
  {
    // A route module is a thin page: its loader and action in page.server.ts, its big parts beside it (decision 039).
    files: ["app/routes/*.tsx", "app/routes/*/route.tsx"],
    rules: { "max-lines": ["error", { max: 200, skipBlankLines: true, skipComments: true }] },
  },
  {
    // The one module that wraps Remix's links, and its test, which compares the two.
    files: ["app/components/site-link.tsx", "app/components/site-link.test.tsx"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
);
