// react-i18next imports useSyncExternalStore from the `use-sync-external-store/shim` package,
// a polyfill for React < 18 that the browser would download on every page (≈ 0.5 KiB gzipped).
// React 19 has the hook: the client build resolves the shim to it (vite.config.ts).
export { useSyncExternalStore } from "react";
