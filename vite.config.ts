import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
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
    rollupOptions: isSsrBuild ? { input: "./app/server/app.server.ts" } : undefined,
  },
  ssr: {
    // Native and Node-only packages stay outside the bundle.
    external: ["better-sqlite3", "pg"],
    noExternal: command === "build" ? ["react-router", "@react-router/node", "@react-router/express", "remix-i18next"] : [],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
