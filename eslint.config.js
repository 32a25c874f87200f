// ESLint (flat config): TypeScript, the rules of hooks, accessibility of JSX, and the import
// boundaries of STYLE.md (§ Conventions 2 and 13), so that a boundary broken is a red build.
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** A module that touches the database, secrets or Node APIs: `*.server(.ts)` or under `.server/`. */
const SERVER_MODULE = String.raw`(\.server(\.[cm]?[jt]sx?)?$|/\.server/)`;

const serverModules = {
  regex: SERVER_MODULE,
  message: "Components run in the browser too: they never import `.server` modules (STYLE.md, conventions 2 and 13). Pass the data in as props.",
};

// One way for each thing (issue 38; docs/decisions/042–045): each selector names the one way.
const ONE_TRANSLATOR = [
  {
    selector: "MemberExpression[property.name='getFixedT']",
    message: "Server-side texts go through the one translator: the request context's `t`/`tns`, or serverT/serverText of app/i18n/texts.server.ts (docs/decisions/042).",
  },
  {
    selector: "ImportDeclaration[source.value='i18next'][importKind='value'] > ImportSpecifier[importKind='value'], ImportDeclaration[source.value='i18next'] > ImportDefaultSpecifier",
    message: "No second i18next instance: server-side texts go through app/i18n/texts.server.ts (docs/decisions/042).",
  },
  {
    selector: "ImportDeclaration[source.value='~/i18n/resources'][importKind='value'] > ImportSpecifier[importKind='value'][imported.name=/^(resources|mailTexts)$/]",
    message: "Texts are read through the one translator, not from the resources (docs/decisions/042): serverT/serverText, or pickTexts for a page's texts.",
  },
  {
    selector: "ImportDeclaration[source.value=/locales\\/.*\\.json$/][importKind='value']",
    message: "The locale files are loaded once, by app/i18n/resources.ts (docs/decisions/042).",
  },
];
const ONE_LOCALE = [
  {
    selector: "TSTypeAliasDeclaration[id.name='Locale']",
    message: "One Locale type: import it from ~/utils/locale (docs/decisions/045).",
  },
];
const ONE_MONEY = [
  {
    selector: "BinaryExpression[operator='/'][right.value=100][left.name=/[cC]ents$/], BinaryExpression[operator='/'][right.value=100][left.property.name=/[cC]ents$/]",
    message: "No float arithmetic on cents: toDecimal / formatMoney / toEuroInput of ~/utils/money (docs/decisions/044).",
  },
  {
    selector: "CallExpression[callee.property.name='toFixed'][callee.object.operator='/'][callee.object.right.value=100]",
    message: "No float arithmetic on cents: toDecimal of ~/utils/money writes \"12.34\" with integers (docs/decisions/044).",
  },
];
const ONE_CACHE_POLICY = [
  {
    selector: "Literal[value=/^cache-control$/i]",
    message: "A route names its cache policy (cacheControl / pageHeaders / setCachePolicy of ~/utils/cache-policy, or privatePageHeaders); it writes no Cache-Control itself (docs/decisions/043).",
  },
];

export default tseslint.config(
  {
    ignores: ["build/**", ".react-router/**", "node_modules/**", "data/**", "test-results/**", "playwright-report/**", "public/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      // `_`-prefixed names are deliberately unused (a required parameter, a skipped tuple item).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_", ignoreRestSiblings: true }],
      // Playwright fixtures take their dependencies as a destructured first argument, even when empty.
      "no-empty-pattern": "off",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    ...reactHooks.configs.flat["recommended-latest"],
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },

  // One way for domain errors (docs/decisions/040): the error table decides every status. One
  // test for a domain error (isDomainError), and in routes no 404 of their own: notFound()
  // (id-param.ts) for an address that names nothing, pageError/formError for a service's error.
  {
    files: ["app/**/*.{ts,tsx}", "tests/**/*.ts", "scripts/**/*.ts"],
    ignores: ["app/utils/domain-error.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression[operator='instanceof'][right.name='DomainError']",
          message: "Test a domain error with isDomainError (app/utils/domain-error.ts), the one way (docs/decisions/040).",
        },
      ],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "BinaryExpression[operator='instanceof'][right.name='DomainError']",
          message: "Test a domain error with isDomainError (app/utils/domain-error.ts), the one way (docs/decisions/040).",
        },
        {
          selector: "Property[key.name='status'][value.value=404]",
          message: "A route writes no 404 of its own: throw notFound() (app/utils/id-param.ts), or let the service's DomainError through pageError/formError; the error table decides the status (docs/decisions/040).",
        },
        {
          selector: "NewExpression[callee.name='Response'][arguments.0.value=/not found/i]",
          message: "A route writes no 404 of its own: throw notFound() (app/utils/id-param.ts) (docs/decisions/040).",
        },
      ],
    },
  },

  // Import boundaries (STYLE.md): each block names the layer it guards.
  {
    files: ["app/components/**/*.{ts,tsx}"],
    rules: {
      // Type-only imports are erased at build and bring no server code along (React Router's
      // build refuses value imports of `.server` modules in browser code anyway); the types a
      // component renders may stay beside the service that produces them.
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [{ ...serverModules, allowTypeImports: true }] }],
    },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // Another route module, by alias or relative path. A route's own generated types
              // (./+types/…) and its colocated `.server` helpers are not routes.
              regex: String.raw`^(~/routes/|\./)(?!\+types/)(?!.*${SERVER_MODULE})|^(~|\.\.)/root$`,
              message: "Routes never import other routes (STYLE.md, conventions 2 and 13): move what they share into a module, component or util.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/modules/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: String.raw`(^~/|^(\.\./)+)(routes|components)(/|$)|^(~|(\.\./)+)root$`,
              message: "Modules never import routes or components (STYLE.md, conventions 2 and 13): they are the layer below both.",
            },
          ],
        },
      ],
    },
  },
  {
    // Modules know nothing of HTTP (STYLE.md, "Where we slipped"): no middleware, no server, no
    // request helpers. What handles a request (guards, redirects, the request's shopper) lives
    // beside the routes (app/routes/*.server.ts) or in the request context. A test may still
    // drive a route through its context (seo/sitemap.test.ts).
    files: ["app/modules/**/*.{ts,tsx}"],
    ignores: ["app/modules/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: String.raw`(^~/|^(\.\./)+)(routes|components)(/|$)|^(~|(\.\./)+)root$`,
              message: "Modules never import routes or components (STYLE.md, conventions 2 and 13): they are the layer below both.",
            },
            {
              regex: String.raw`(^~/|^(\.\./)+)(middleware|server)(/|$)|^@react-router/`,
              message: "Modules never import middleware or server code (STYLE.md, \"Where we slipped\"): take what the request knows as arguments, and put request handling beside the routes or in the request context.",
            },
          ],
          paths: [
            {
              name: "react-router",
              allowImportNames: ["Cookie", "createCookie"],
              message: "Modules never use react-router's request helpers (redirect, data, the router context: STYLE.md, \"Where we slipped\"); only a cookie's format (Cookie, createCookie) may live in a module.",
            },
          ],
        },
      ],
    },
  },

  // One way for each thing (docs/decisions/042–045). The translator's own files, the Locale's and
  // the money module's are where the one way is written; tests may check it from outside.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/**/*.test.{ts,tsx}", "app/i18n/**", "app/middleware/i18next.server.ts", "app/hooks/use-translation.ts", "app/utils/locale.ts", "app/utils/money.ts"],
    rules: { "no-restricted-syntax": ["error", ...ONE_TRANSLATOR, ...ONE_LOCALE, ...ONE_MONEY] },
  },
  {
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["app/routes/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...ONE_TRANSLATOR, ...ONE_LOCALE, ...ONE_MONEY, ...ONE_CACHE_POLICY] },
  },
);
