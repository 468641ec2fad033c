import fs from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import reactRefresh from "eslint-plugin-react-refresh";
import tseslint from "typescript-eslint";

/**
 * Import zones, as bulletproof-react enforces them (docs/architecture.md "Layers and import zones"): `app`
 * composes features; a feature may import shared code (components, hooks, lib, config) but never another
 * feature or the app; shared code imports no feature and no app module. One block per feature folder, so a
 * new feature is covered the moment its folder exists.
 */
const foldersOf = (dir) =>
  fs
    .readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const FEATURES = foldersOf("./src/features");
/** Each tool is a folder of src/tools (docs/architecture.md "Tools"). */
const TOOLS = foldersOf("./src/tools");

/**
 * Another tool's folder is closed, except its descriptor (`tool.tsx`), which the registry lists; every
 * zone reads tools through the registry (`@/tools/registry`) and their shape through `@/tools/types`.
 */
const otherTools = (own) => ({
  group: [
    "@/tools/*/**",
    "!@/tools/*/tool",
    ...(own ? [`!@/tools/${own}/**`] : []),
    "**/tools/*/**",
    "!**/tools/*/tool",
    ...(own ? [`!**/tools/${own}/**`] : []),
  ],
  message: "A tool's folder is its own: read other tools through @/tools/registry.",
});

const noApp = {
  group: ["@/app", "@/app/*", "**/app/*"],
  message: "Only src/app composes the app: move what you need into components, hooks, lib or config.",
};

/**
 * Saved results are one module (src/lib/creations) with one public entry: the rest of the app imports
 * `@/lib/creations`, never a file under it (docs/architecture.md "Keeping results"). Its own files import
 * each other by relative paths; the service worker (src/sw, no zone) takes `creations/incoming` directly.
 */
const creationsEntry = {
  group: ["@/lib/creations/*", "**/lib/creations/*"],
  message: "Import saved results from their public entry, @/lib/creations (src/lib/creations/index.ts).",
};

const featureZones = FEATURES.map((feature) => ({
  files: [`src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: [
              "@/features/*",
              `!@/features/${feature}`,
              `!@/features/${feature}/**`,
              "**/features/*",
              `!**/features/${feature}`,
              `!**/features/${feature}/**`,
            ],
            message:
              "Features never import each other: move the shared piece into components, hooks, lib or config, or compose the features in src/app.",
          },
          noApp,
          otherTools(),
          creationsEntry,
        ],
      },
    ],
  },
}));

const toolZones = TOOLS.map((tool) => ({
  files: [`src/tools/${tool}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["@/features", "@/features/*", "**/features/*"],
            message:
              "A tool imports no feature: move the shared piece into components, hooks, lib or config.",
          },
          noApp,
          otherTools(tool),
          creationsEntry,
        ],
      },
    ],
  },
}));

const sharedZone = {
  files: ["src/{components,hooks,lib,config,pages}/**/*.{ts,tsx}"],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ["@/features", "@/features/*", "**/features/*"],
            message: "Shared code imports no feature: pass what it needs in as props or arguments.",
          },
          noApp,
          otherTools(),
          creationsEntry,
        ],
      },
    ],
  },
};

/** src/app may import anything but the inside of the saved-results module. */
const appZone = {
  files: ["src/app/**/*.{ts,tsx}"],
  rules: { "no-restricted-imports": ["error", { patterns: [creationsEntry] }] },
};
/**
 * Loading (docs/architecture.md "Loading"): a module fetched on demand is named `<stem>.lazy.ts(x)` and
 * is fetched, with `import()`, by the module of the same stem beside it (result-view.tsx fetches
 * ./result-view.lazy). Besides those, `import()` names a route's page (`*-page`, only from the route
 * table and the tools' descriptors) or an npm package. A `*.lazy` module is never imported statically
 * (that would put it back in its importer's chunk); `import type` is fine.
 *
 * esquery reads a regex up to its next slash, so a slash inside one is written \u002F.
 */
const LAZY_SOURCE = String.raw`[source.value=/^\.\u002F[^\u002F]+\.lazy$/]`;
const PAGE_SOURCE = String.raw`[source.value=/-page$/]`;
const PACKAGE_SOURCE = String.raw`[source.value=/^(?![.\u002F]|@\u002F)/]`;
const importExpression = (...allowed) =>
  `ImportExpression${allowed.map((source) => `:not(${source})`).join("")}`;

const LAZY_IMPORT_MESSAGE =
  "import() fetches a module on demand: name it <stem>.lazy.ts(x) beside the module of the same stem and fetch it from there as ./<stem>.lazy (docs/architecture.md \"Loading\"); a route's page is fetched by the route table or its tool's descriptor.";

const loading = [
  {
    files: ["src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: importExpression(LAZY_SOURCE, PACKAGE_SOURCE), message: LAZY_IMPORT_MESSAGE },
      ],
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["*.lazy", "**/*.lazy"],
              allowTypeImports: true,
              message:
                "A *.lazy module is fetched on demand by the module of its stem (import()); importing it statically puts it back in this chunk. Import that module instead, or only its types (import type).",
            },
          ],
        },
      ],
    },
  },
  {
    // The route table and the tools' descriptors also fetch pages.
    files: ["src/app/routes.tsx", "src/tools/*/tool.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: importExpression(LAZY_SOURCE, PAGE_SOURCE, PACKAGE_SOURCE),
          message: LAZY_IMPORT_MESSAGE,
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: [
      "dist",
      "dist-*",
      ".dist-*",
      ".sourcemaps",
      "node_modules",
      "coverage",
      "playwright-report",
      "test-results",
      ".data",
    ],
  },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ["**/*.{ts,tsx}"],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, "react-refresh": reactRefresh },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "react-refresh/only-export-components": "off",
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/ban-ts-comment": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
  },
  ...featureZones,
  ...toolZones,
  sharedZone,
  appZone,
  ...loading,
);
