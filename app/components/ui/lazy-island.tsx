import { type ComponentType, Suspense, lazy, use, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetchers, useLocation, useNavigation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { type Held, sendHeld } from "./held-press";
import type { Handover } from "./island-handover";

// A component whose JavaScript the browser loads only when the shopper first uses it, so it
// weighs neither on the JavaScript every page preloads nor on what a page fetches after it
// hydrates (decision 034). The server renders the real component (registered at start-up, see
// entry.server.tsx). In the browser, hydration leaves that HTML alone (an element React treats
// as opaque markup): until the code is there, everything in it works exactly as without
// JavaScript. A pointer resting on it, a focus, a press or an input loads the code; then the
// island swaps the server's HTML for the live component, handing over what the shopper typed
// (form controls matched by name), the focus and the caret. A click or a submission that comes
// before the code is held and played again on the live element, so the first press of a link,
// a menu or a form button does what it does with JavaScript, a little later. A press is let
// finish first, since replacing a button between pointerdown and click would swallow the click.
// The server HTML is never shown for props it was not made for: after a navigation (the page it
// was made for is gone) or a change of its props (the bag's count after an add) the render waits
// for the code, inside the router's transition, so the page before stays on screen whole, as
// while the data loads; the code is asked for as the navigation starts, beside the data. Why not
// React's own selective hydration (a Suspense boundary left dehydrated): it asks for every
// boundary's code as the page hydrates, which is the JavaScript budget this saves (decision 047;
// BOTTEGA_HYDRATE=all builds it that way, to tell a bug of this mechanism from one of the page).
const serverModules = new Map<string, { default: ComponentType<never> }>();

export function registerServerModule(key: string, module: { default: ComponentType<never> }) {
  serverModules.set(key, module);
}

/** The module registered for `key`: on the server, where it renders at once; in the browser, none. */
export function serverModule(key: string): { default: ComponentType } | undefined {
  return serverModules.get(key) as { default: ComponentType } | undefined;
}

/** Runs `callback` once, when the current press ends (released or cancelled). */
function afterPress(callback: () => void) {
  let done = false;
  const end = () => done || ((done = true), callback());
  for (const type of ["pointerup", "pointercancel"]) document.addEventListener(type, end, { capture: true, once: true });
}

// What a held click may act on: following a link, pressing a button, opening a disclosure. A
// tick of a box or a radio is left to the browser (its state is handed over with the fields'),
// and so is a click on plain text.
const ACTIONABLE = "a[href], button, summary, input[type=submit], input[type=image]";

// Set while a held click or submission is sent the way it goes without JavaScript, so that the
// island does not hold it again.
let passingThrough = false;

// Props are compared by value (their JSON: loader data): a parent that builds its props afresh on
// every render (the root data merged with the shopper's) must not wake the island for nothing.
const valueOf = (props: object) => JSON.stringify(props);

type HandoverModule = typeof import("./island-handover");
interface Loaded<P> {
  Component: ComponentType<P>;
  handover: HandoverModule;
}

export interface LazyIslandOptions {
  /**
   * Load the code as soon as the page has hydrated when the server rendered anything at all (a
   * suggestion that closes by itself): the island often renders nothing, and then costs nothing.
   */
  wakeWhenShown?: boolean;
  /**
   * Load the code as soon as a fetcher submits (an add to the bag): the data read again after it
   * changes what the island shows (the bag's count, a notice), and its render waits for the code,
   * which then comes beside the answer instead of after it.
   */
  wakeOnSubmit?: boolean;
}

/**
 * `BOTTEGA_HYDRATE=all npm run build` (vite.config.ts): every island is an ordinary component that
 * hydrates as the page loads, through React's own selective hydration, with none of the waking,
 * holding and handing over below. A bug that goes away there is this mechanism's (decision 047).
 */
const HYDRATE_ALL = import.meta.env.BOTTEGA_HYDRATE === "all";

export function lazyIsland<P extends object>(key: string, load: () => Promise<{ default: ComponentType<P> }>, options: LazyIslandOptions = {}) {
  if (HYDRATE_ALL) return hydratedAtOnce(key, load);
  let loading: Promise<Loaded<P>> | undefined;
  let loaded: Loaded<P> | undefined;
  // The code that hands the server HTML's state over is loaded with the component: it is not
  // needed before the first use either.
  const loadOnce = () =>
    (loading ??= Promise.all([load(), import("./island-handover")]).then(
      ([module, handover]) => (loaded = { Component: module.default, handover }),
      (error: unknown) => {
        loading = undefined; // offline, or a new deployment: try again on the next use
        throw error;
      },
    ));

  // What a render waits on when the island first appears after hydration (a client-side
  // navigation to its page) or its server HTML no longer fits. A failure settles it too, once and
  // for all: the page is then loaded again as a document (see `activate`), as React Router does
  // when a route's own module cannot load.
  let settled: Promise<unknown> | undefined;
  const loadSettled = () => (settled ??= loadOnce().catch(() => undefined));

  function Island(props: P) {
    const ready = serverModule(key) as { default: ComponentType<P> } | undefined;
    // On the server an island without its module would send an empty page part: the no-JS
    // shopper's whole content. A missing registration is a build defect, not a page to serve.
    // (import.meta.env.SSR: the check stays out of the browser's bundle.)
    if (import.meta.env.SSR && !ready) throw new Error(`lazy island "${key}" is not registered for the server (entry.server.tsx)`);
    // True when mounted after hydration (not over server HTML): there is no server HTML to show.
    const [mountedFresh] = useState(useHydrated());
    const location = useLocation();
    // What the server HTML was made for.
    // (Only where the code may be missing: with it, as on the server, nothing is ever stale, and
    // the props, a page's whole loader data, are not serialised for nothing: 2 % of the server's
    // CPU on a product page.)
    const [first] = useState(() => ({ location: location.key, props: ready ? "" : valueOf(props) }));
    // After a client-side navigation or with other props the server HTML would show what is gone
    // (the page before's language switch, the bag's count before an add).
    const stale = !ready && (location.key !== first.location || valueOf(props) !== first.props);
    const [live, setLive] = useState<Loaded<P> | null>(() => (mountedFresh ? (loaded ?? null) : null));
    // Then the render waits for the code. A navigation, and the data read again after a fetcher's
    // submission, render in a transition: what is on screen stays, whole, until the code is here.
    if (!ready && !live && (mountedFresh || stale)) {
      // Through `use` even when the code is already here: a render that suspended here is
      // replayed from this very call when the code comes, and React mounts the hooks below only
      // once past a `use`; skipping it then broke the replay of a first mount ("update hook called
      // on initial render", React error #467, recovered as #520) under load. (A promise React has
      // not seen settle yet holds a render for one turn; stale renders are transitions, and a
      // fresh mount with the code here is live from its first render.)
      use(loadSettled());
      // A render-time update of this component's own state: React renders again before committing.
      if (loaded) setLive(loaded);
    }
    // The server's HTML, kept as sent until the live component has taken its place, and the live
    // component's element: side by side for one commit, so that the hand-over reads what the
    // shopper left in the server HTML at that very moment (a layout effect, no input in between),
    // never in a render that React may throw away and do again.
    const serverHtml = useRef<HTMLDivElement>(null);
    const liveHtml = useRef<HTMLDivElement>(null);
    const [handedOver, setHandedOver] = useState(mountedFresh);
    const replay = useRef<Handover["replay"]>(null);
    const held = useRef<Held | null>(null);
    const requested = useRef(false);
    // The code did not come once (offline, a new deployment): from then on nothing is held.
    const failed = useRef(false);
    const pressing = useRef(false);
    const navigating = useNavigation().state !== "idle";
    const fetching = useFetchers().length > 0;

    // The navigation under way, as on screen (its end may still wait on the code, above).
    const navigatingShown = useRef(false);
    useLayoutEffect(() => void (navigatingShown.current = navigating));
    const swap = (next: Loaded<P>) => {
      if (pressing.current) afterPress(() => setTimeout(() => swap(next)));
      // During a navigation the code goes live with the new page's props, in the navigation's
      // render (see `stale`): going live now would show, and play a held press on, the page
      // being left. Should the navigation end without a new page, the effect below goes live.
      else if (!navigatingShown.current) setLive(next);
    };
    const activate = () => {
      if (requested.current) return;
      requested.current = true;
      loadOnce().then(swap, () => {
        requested.current = false;
        failed.current = true;
        // The code did not come: what was held is done the way it is without JavaScript. HTML
        // made for the page before a navigation is not left on screen: its language switch goes
        // to this page's own alternate in the head, and anything else loads this page again as a
        // document, which brings its own HTML.
        const press = held.current;
        held.current = null;
        const alternate = stale && press && document.querySelector<HTMLLinkElement>(`link[hreflang="${press.target.getAttribute("hreflang")}"]`);
        if (alternate) window.location.assign(alternate.href);
        else if (press) passThrough(press);
        else if (stale || mountedFresh) window.location.reload();
      });
    };

    useEffect(() => {
      const shown = options.wakeWhenShown && (serverHtml.current?.childElementCount ?? 0) > 0;
      if (mountedFresh || shown || stale) activate();
    });

    // A navigation (or, for some, a fetcher's answer) is about to make the server HTML stale: ask
    // for the code beside the data.
    useEffect(() => {
      if (ready || live) return;
      if (navigating || (options.wakeOnSubmit && fetching)) loadOnce().catch(() => undefined);
      else if (requested.current && loaded) swap(loaded);
    });

    // Until the code is here, hold the clicks and submissions that would leave the page or change
    // it, to play them again on the live component.
    const waiting = !ready && !live;
    useEffect(() => {
      const element = serverHtml.current;
      if (!waiting || !element) return;
      const hold = (event: Event, next: () => Held | null) => {
        if (event.defaultPrevented || passingThrough || (failed.current && !stale)) return;
        const press = next();
        if (!press) return;
        event.preventDefault();
        event.stopPropagation();
        // After a failure (stale HTML only) the code is tried once more, and the press then leaves.
        held.current = press;
        activate();
      };
      const onClick = (event: MouseEvent) =>
        hold(event, () => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
          const target = event.target instanceof Element ? event.target.closest(ACTIONABLE) : null;
          if (!target || !element.contains(target)) return null;
          return { kind: "click", target, submitter: null };
        });
      const onSubmit = (event: SubmitEvent) =>
        hold(event, () => {
          const form = event.target;
          if (!(form instanceof HTMLFormElement)) return null;
          return { kind: "submit", target: form, submitter: event.submitter };
        });
      element.addEventListener("click", onClick);
      element.addEventListener("submit", onSubmit);
      return () => {
        element.removeEventListener("click", onClick);
        element.removeEventListener("submit", onSubmit);
      };
    });

    // The commit that brings the live component: the server HTML is still beside it. Its state
    // goes over, and the server HTML goes, before the browser paints.
    useLayoutEffect(() => {
      if (!live || handedOver) return;
      if (serverHtml.current && liveHtml.current) {
        const state = live.handover.readHandover(serverHtml.current, held.current);
        live.handover.applyHandover(liveHtml.current, state);
        replay.current = state.replay;
      }
      held.current = null;
      setHandedOver(true);
    }, [live, handedOver]);

    // After the live component's own effects (a parent's run after its children's), so its
    // handlers are in place when the held press arrives.
    useEffect(() => {
      const press = replay.current;
      if (!live || !handedOver || !press || !liveHtml.current) return;
      replay.current = null;
      live.handover.replayHeld(liveHtml.current, press);
    }, [live, handedOver]);

    const Component = ready?.default ?? live?.Component;
    return (
      <>
        {/* First the server HTML, then the live component: inserted after it, the live one moves
            nothing the browser anchors its scrolling to. */}
        {ready || handedOver ? null : (
          <div
            ref={serverHtml}
            data-island={key}
            className="contents"
            // Keeps the server's HTML as it is: React neither hydrates nor replaces it.
            dangerouslySetInnerHTML={{ __html: "" }}
            suppressHydrationWarning
            onFocus={activate}
            onInput={activate}
            onPointerOver={activate}
            onPointerDown={() => {
              pressing.current = true;
              afterPress(() => (pressing.current = false));
              activate();
            }}
          />
        )}
        {Component ? (
          <div ref={liveHtml} data-island={key} className="contents">
            <Component {...props} />
          </div>
        ) : null}
      </>
    );
  }
  Island.preload = () => loadOnce();
  return Island;
}

/** Without the code: what was held is done as the browser does it without JavaScript. */
function passThrough(press: Held) {
  passingThrough = true;
  try {
    sendHeld(press);
  } finally {
    passingThrough = false;
  }
}

/**
 * An island without the mechanism (BOTTEGA_HYDRATE=all): the server renders the component inside
 * a Suspense boundary, the browser hydrates that boundary as soon as the code has come.
 */
function hydratedAtOnce<P extends object>(key: string, load: () => Promise<{ default: ComponentType<P> }>) {
  const Lazy = lazy(load);
  function Island(props: P) {
    const ready = serverModule(key) as { default: ComponentType<P> } | undefined;
    const Component = ready?.default ?? Lazy;
    return (
      <div data-island={key} className="contents">
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
      </div>
    );
  }
  Island.preload = load;
  return Island;
}
