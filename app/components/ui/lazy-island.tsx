import { type ComponentType, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Handover } from "./island-handover";

// A component whose JavaScript the browser loads only when the shopper first uses it, so it
// weighs neither on the JavaScript every page preloads nor on what a page fetches after it
// hydrates. The server renders the real component (registered at start-up, see
// entry.server.tsx). In the browser, hydration leaves that HTML alone (an element React treats
// as opaque markup): a form in it works exactly as without JavaScript, as a plain form post.
// The first focus, press or input in it loads the code, and the island swaps the server's HTML
// for the live component, handing over what the shopper typed (form controls matched by name),
// the focus and the caret. A press is let finish first, since replacing a button between
// pointerdown and click would swallow the click. Why not leave a Suspense boundary dehydrated
// until then: any context change reaching it (every navigation changes the router's) makes React
// either discard the server HTML or hold the navigation until the code has loaded.
const serverModules = new Map<string, { default: ComponentType<never> }>();

export function registerServerModule(key: string, module: { default: ComponentType<never> }) {
  serverModules.set(key, module);
}

/** Runs `callback` once, when the current press ends (released or cancelled). */
function afterPress(callback: () => void) {
  let done = false;
  const end = () => done || ((done = true), callback());
  for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, end, { capture: true, once: true });
}

type HandoverModule = typeof import("./island-handover");
interface Loaded<P> {
  Component: ComponentType<P>;
  handover: HandoverModule;
}

export function lazyIsland<P extends object>(key: string, load: () => Promise<{ default: ComponentType<P> }>) {
  let loading: Promise<Loaded<P>> | undefined;
  // The code that hands the server HTML's state over is loaded with the component: it is not
  // needed before the first use either.
  const loadOnce = () =>
    (loading ??= Promise.all([load(), import("./island-handover")]).then(
      ([module, handover]) => ({ Component: module.default, handover }),
      (error: unknown) => {
        loading = undefined; // offline, or a new deployment: try again on the next use
        throw error;
      },
    ));

  return function Island(props: P) {
    const ready = serverModules.get(key) as { default: ComponentType<P> } | undefined;
    // True when mounted after hydration (not over server HTML): then load right away.
    const [mountedFresh] = useState(useHydrated());
    const [live, setLive] = useState<Loaded<P> | null>(null);
    const container = useRef<HTMLDivElement>(null);
    const handover = useRef<Handover | null>(null);
    const requested = useRef(false);
    const pressing = useRef(false);
    const location = useLocation();
    const firstLocation = useRef(location.key);

    const swap = (loaded: Loaded<P>) => {
      if (pressing.current) afterPress(() => setTimeout(() => swap(loaded)));
      else setLive(loaded);
    };
    const activate = () => {
      if (requested.current) return;
      requested.current = true;
      loadOnce().then(swap, () => (requested.current = false));
    };

    // Read the server HTML in the render that replaces it: this render and its commit run in one
    // task (a default-priority update is not time-sliced), so no keystroke falls in between.
    if (live && !handover.current && container.current) handover.current = live.handover.readHandover(container.current);

    useEffect(() => {
      // A navigation changes the page the server HTML was made for (its texts, its return path).
      if (mountedFresh || location.key !== firstLocation.current) activate();
    });

    useLayoutEffect(() => {
      if (!live || !handover.current || !container.current) return;
      live.handover.applyHandover(container.current, handover.current);
      handover.current.controls = [];
      handover.current.focus = null;
    }, [live]);

    if (ready || live) {
      const Component = ready?.default ?? live!.Component;
      return (
        <div ref={container} data-island={key}>
          <Component {...props} />
        </div>
      );
    }
    return (
      <div
        ref={container}
        data-island={key}
        // Keeps the server's HTML as it is: React neither hydrates nor replaces it.
        dangerouslySetInnerHTML={{ __html: "" }}
        suppressHydrationWarning
        onFocus={activate}
        onInput={activate}
        onPointerDown={() => {
          pressing.current = true;
          afterPress(() => (pressing.current = false));
          activate();
        }}
      />
    );
  };
}
