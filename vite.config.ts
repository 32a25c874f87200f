import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { fileURLToPath } from "node:url";

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      // React 19 has the hook that this React 17 polyfill provides (see the shim's comment).
      "use-sync-external-store/shim": fileURLToPath(new URL("./app/shims/use-sync-external-store-shim.ts", import.meta.url)),
    },
  },
  build: {
    // The server build's entry is our request handler (the React Router build plus the app
    // services it shares with server.ts), as in React Router's node-custom-server template.
    rollupOptions: isSsrBuild ? { input: "./app/server/app.server.ts" } : undefined,
  },
  ssr: {
    // Native and Node-only packages stay outside the bundle.
    external: ["better-sqlite3", "pg"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
