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
function shellChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const shell = new Set<string>();
  const root = local("./app/root.tsx");
  return {
    test: (id) => shell.has(id),
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

export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: {
    alias: [
      ...(command === "build" ? reactRouterProduction : []),
      { find: "~", replacement: local("./app") },
    ],
  },
  build: {
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
  plugins: [tailwindcss(), reactRouter(), shell.plugin],
}));
