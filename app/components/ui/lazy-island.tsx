import { type ComponentType, lazy } from "react";

// A component whose JavaScript loads after the page hydrates, so it does not weigh on the
// JavaScript every page preloads. The server registers the real module at start-up (see
// entry.server.tsx) so server rendering never suspends; in the browser the server's HTML stays
// in place, fully usable as a plain form, until the chunk arrives and hydrates it.
const serverModules = new Map<string, { default: ComponentType<never> }>();

export function registerServerModule(key: string, module: { default: ComponentType<never> }) {
  serverModules.set(key, module);
}

export function lazyIsland<P>(key: string, load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => {
    const ready = serverModules.get(key) as { default: ComponentType<P> } | undefined;
    // A thenable that resolves synchronously: React renders the module without suspending.
    if (ready) return { then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(ready) } as Promise<{ default: ComponentType<P> }>;
    return load();
  });
}
