import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, defineConfig } from "vite";
import { fileURLToPath } from "node:url";

const local = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// react-router's package exports always resolve to its development build, warnings and extra
// checks included (remix-run/react-router#14102). Builds take its production build instead, in
// the browser bundle and in the server bundle alike; the server bundle therefore includes
// react-router and the packages that import it, so that only one copy is ever loaded.
const reactRouterProduction = [
  { find: /^react-router$/, replacement: local("./node_modules/react-router/dist/production/index.mjs") },
  { find: /^react-router\/dom$/, replacement: local("./node_modules/react-router/dist/production/dom-export.mjs") },
];

// Every page loads the root route and what it imports (the shell: header, footer, banners, the
// hooks and utilities they use). Left to automatic chunking, those modules came as a dozen files
// of 0.1–9 KiB, one per set of importers; each file is compressed on its own, so the small ones
// compress badly (≈ 20 % more gzip than the same code in one file) and each is a request. The
// shell group keeps them in one file; React, React DOM and React Router likewise share one file,
// which changes only when a dependency does. Modules that only some routes import keep
// automatic chunking, so no page loads code it does not use.
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/** The files every page loads before its first dynamic import (the chunk groups below). */
const ALWAYS_LOADED = /(^|\/)(vendor|shell|rolldown-runtime)-[\w-]+\.js$/;
const SEO_MODULE = local("./app/utils/seo.ts");
function shellChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const shell = new Set<string>();
  const root = local("./app/root.tsx");
  return {
    // The SEO helper is every route's `meta`: with the shell rather than a file of its own.
    test: (id) => shell.has(id) || id === SEO_MODULE,
    plugin: {
      name: "bottega:shell-chunk",
      apply: "build",
      buildEnd() {
        if (this.environment?.name !== "client") return;
        const stack = [root];
        while (stack.length) {
          const info = this.getModuleInfo(stack.pop()!);
          for (const dependency of info?.importedIds ?? []) {
            if (shell.has(dependency) || dependency.includes("/node_modules/") || this.getModuleInfo(dependency)?.isEntry) continue;
            shell.add(dependency);
            stack.push(dependency);
          }
        }
      },
    },
  };
}
const shell = shellChunk();

// Vite wraps each dynamic import in a helper that first preloads the imported chunk's own
// imports, so they come in parallel instead of one after the other. Its helper (≈ 1 KiB gzipped,
// in every page's shell) also handles stylesheets of split CSS, relative bases and legacy
// browsers, none of which the shop has: its one stylesheet is linked by the root route (the
// build fails should a dynamic import ever bring one). This one does the part the shop uses
// (decision 034).
const PRELOAD_HELPER = "\0vite/preload-helper.js";
function smallPreloadHelper(): Plugin {
  return {
    name: "bottega:small-preload-helper",
    apply: "build",
    enforce: "pre",
    load(id) {
      if (id !== PRELOAD_HELPER || this.environment?.name !== "client") return;
      return `const seen = new Set();
export const __vitePreload = (load, deps) => {
  for (const dep of deps || []) {
    if (seen.has(dep)) continue;
    seen.add(dep);
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = "/" + dep;
    document.head.appendChild(link);
  }
  return load();
};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && /__vite__mapDeps=[^;]*\.css["`']/.test(chunk.code)) {
          this.error(`${chunk.fileName}: a dynamic import brings a stylesheet, which the small preload helper does not load (vite.config.ts)`);
        }
      }
    },
  };
}

export default defineConfig(({ isSsrBuild, command }) => ({
  // BOTTEGA_HYDRATE=all at build time: every lazy island hydrates as the page loads, without the
  // waking and the held presses of decision 034, to tell a bug from the mechanism (decision 047).
  define: { "import.meta.env.BOTTEGA_HYDRATE": JSON.stringify(process.env.BOTTEGA_HYDRATE ?? "") },
  resolve: {
    alias: [
      ...(command === "build" ? reactRouterProduction : []),
      { find: "~", replacement: local("./app") },
    ],
  },
  build: {
    // What a dynamic import preloads beside the chunk it imports (the small helper above): not
    // the chunk itself, which the import fetches at once, nor the files every page has loaded
    // before anything can be imported. The lists are written into the importing chunk.
    modulePreload: {
      resolveDependencies: (file: string, deps: string[]) => deps.filter((dep) => dep !== file && !ALWAYS_LOADED.test(dep)),
    },
    // The server build's entry is our request handler (the React Router build plus the app
    // services it shares with server.ts), as in React Router's node-custom-server template.
    rolldownOptions: isSsrBuild
      ? { input: "./app/server/app.server.ts" }
      : {
          output: {
            codeSplitting: {
              groups: [
                { name: "vendor", test: VENDOR, priority: 20 },
                { name: "shell", test: shell.test, priority: 10 },
              ],
            },
          },
        },
  },
  ssr: {
    // Native and Node-only packages stay outside the bundle.
    external: ["better-sqlite3", "pg"],
    noExternal: command === "build" ? ["react-router", "@react-router/node", "@react-router/express", "remix-i18next"] : [],
  },
  plugins: [tailwindcss(), reactRouter(), shell.plugin, smallPreloadHelper()],
}));
