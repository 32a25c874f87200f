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
);
