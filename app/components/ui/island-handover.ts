// Carries what the shopper did to a lazy island's server HTML (see lazy-island.tsx) over to the
// live component that replaces it: the values of its form controls (matched by name), the
// focus and the caret, how far its scrolling rows were scrolled (a gallery swiped to its third
// picture), where its CSS animations were (a popup that faded in does not fade in again), and
// the press or submission that was held while the code loaded. Loaded
// with the island's code, on first use.
import { type Held, sendHeld } from "./held-press";

/**
 * An element of the server HTML, found again in the live component's HTML that takes its place:
 * the same tag, with the same name, value, address and text, at the same position among the
 * elements that share them (or the same id). The live render is the same component with the same
 * props, but not always the same tree (a hidden field only a form without JavaScript needs, a
 * button that only JavaScript can serve), so a path of child indexes could point at a neighbour.
 */
interface ElementRef {
  signature: string;
  nth: number;
}

export interface Handover {
  controls: { name: string; value: string; checked: boolean }[];
  focus: { ref: ElementRef; start: number | null; end: number | null } | null;
  scrolled: { ref: ElementRef; left: number; top: number }[];
  /** The server HTML's CSS animations: those under way (name and time) and those that had ended, in document order. */
  animations: { running: { name: string; time: number }[]; ended: string[] };
  replay: { kind: Held["kind"]; target: ElementRef; submitter: ElementRef | null } | null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const SKIPPED_TYPES = new Set(["hidden", "submit", "button", "reset", "file"]);
const isToggle = (control: Control) => control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");

function signatureOf(element: Element): string {
  if (element.id) return `#${element.id}`;
  const attribute = (name: string) => element.getAttribute(name) ?? "";
  return [element.tagName, attribute("type"), attribute("name"), attribute("value"), attribute("href"), attribute("action"), (element.textContent ?? "").trim().slice(0, 80)].join("|");
}

function alike(root: HTMLElement, signature: string): HTMLElement[] {
  const selector = signature.startsWith("#") ? `[id="${CSS.escape(signature.slice(1))}"]` : signature.slice(0, signature.indexOf("|"));
  return [...root.querySelectorAll<HTMLElement>(selector)].filter((candidate) => signatureOf(candidate) === signature);
}

function refOf(root: HTMLElement, element: Element): ElementRef {
  const signature = signatureOf(element);
  return { signature, nth: Math.max(alike(root, signature).indexOf(element as HTMLElement), 0) };
}

function resolveRef(root: HTMLElement, ref: ElementRef): HTMLElement | null {
  return alike(root, ref.signature)[ref.nth] ?? null;
}

/** Reads the server HTML's state, in the render that replaces it. */
export function readHandover(element: HTMLElement, held: Held | null): Handover {
  const controls: Handover["controls"] = [];
  for (const control of element.querySelectorAll<Control>("input, select, textarea")) {
    if (control.name && !SKIPPED_TYPES.has(control.type)) {
      controls.push({ name: control.name, value: control.value, checked: isToggle(control) && (control as HTMLInputElement).checked });
    }
  }
  const active = document.activeElement;
  // selectionStart is null where a type has no caret API (email, checkbox).
  const input = active instanceof HTMLInputElement ? active : null;
  let start: number | null = null;
  let end: number | null = null;
  try {
    start = input?.selectionStart ?? null;
    end = input?.selectionEnd ?? null;
  } catch {
    // Some input types throw on reading the selection instead of answering null.
  }
  const focus = active instanceof HTMLElement && active !== element && element.contains(active) ? { ref: refOf(element, active), start, end } : null;
  const scrolled: Handover["scrolled"] = [];
  for (const box of element.querySelectorAll("*")) {
    if (box.scrollLeft || box.scrollTop) scrolled.push({ ref: refOf(element, box), left: box.scrollLeft, top: box.scrollTop });
  }
  const animations = readAnimations(element);
  const replay =
    held && element.contains(held.target)
      ? { kind: held.kind, target: refOf(element, held.target), submitter: held.submitter && element.contains(held.submitter) ? refOf(element, held.submitter) : null }
      : null;
  return { controls, focus, scrolled, animations, replay };
}

/**
 * Gives a live field a value as typing would: through the element's own setter (past React's
 * record of the value it set) and an input event, so that a controlled field's state follows and
 * the next render keeps the value instead of putting its own back.
 */
function setValue(control: Control, value: string) {
  if (control.value === value) return;
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), "value")?.set?.call(control, value);
  control.dispatchEvent(new Event(control instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

/**
 * The CSS animations of an element's subtree that run on the document's clock (not driven by
 * scrolling: the scroll gives their position, and they refuse a time); none where the browser
 * has no Web Animations (tests' DOMs).
 */
function cssAnimations(element: HTMLElement): CSSAnimation[] {
  if (typeof element.getAnimations !== "function") return [];
  return element
    .getAnimations({ subtree: true })
    .filter((animation): animation is CSSAnimation => "animationName" in animation && animation.timeline === document.timeline);
}

/** What the server HTML's animations had done: the ones under way, and those its styles name that had already ended (a fade-in played). */
function readAnimations(element: HTMLElement): Handover["animations"] {
  const running = cssAnimations(element);
  const ended: string[] = [];
  if (typeof element.getAnimations === "function") {
    for (const box of element.querySelectorAll<HTMLElement>("*")) {
      const names = getComputedStyle(box).animationName;
      if (!names || names === "none") continue;
      for (const name of names.split(",").map((part) => part.trim())) {
        if (!running.some((animation) => animation.animationName === name && (animation.effect as KeyframeEffect | null)?.target === box)) ended.push(name);
      }
    }
  }
  return { running: running.map((animation) => ({ name: animation.animationName, time: Number(animation.currentTime ?? 0) })), ended };
}

/**
 * The live HTML's animations take up where the server HTML's were: one still under way there
 * continues at its time, one that had ended there (by name, in document order) ends at once, and
 * any other (a notice that came with the code) plays as usual. Without it the live copy replays
 * its entrance: a popup already shown faded out and in again when its code arrived.
 */
function continueAnimations(element: HTMLElement, { running, ended }: Handover["animations"]) {
  const under = [...running];
  const over = [...ended];
  for (const animation of cssAnimations(element)) {
    const continuing = under.findIndex((saved) => saved.name === animation.animationName);
    // Looks only: whatever an animation refuses, the hand-over goes on.
    try {
      if (continuing !== -1) {
        animation.currentTime = under[continuing]!.time;
        under.splice(continuing, 1);
        continue;
      }
      const done = over.indexOf(animation.animationName);
      // (An endless one, a spinner, has no end to go to.)
      if (done !== -1 && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime))) {
        over.splice(done, 1);
        animation.finish();
      }
    } catch {
      // An animation in a state that cannot be set (none known after the filter above).
    }
  }
}

/** Puts the values and the focus back, on the live component's HTML. */
export function applyHandover(element: HTMLElement, { controls, focus, scrolled, animations = { running: [], ended: [] } }: Handover) {
  continueAnimations(element, animations);
  for (const { ref, left, top } of scrolled) resolveRef(element, ref)?.scrollTo({ left, top, behavior: "instant" });
  for (const control of element.querySelectorAll<Control>("input, select, textarea")) {
    if (!control.name || SKIPPED_TYPES.has(control.type)) continue;
    for (const saved of controls) {
      if (saved.name !== control.name) continue;
      if (!isToggle(control)) setValue(control, saved.value);
      else if (control.value === saved.value) (control as HTMLInputElement).checked = saved.checked;
    }
  }
  const target = focus && resolveRef(element, focus.ref);
  if (!focus || !target) return;
  // Scrolled back above: focusing must not scroll a row to show the focused element again.
  target.focus({ preventScroll: true });
  // A part shown only while the focus is inside it (the desktop menu's panel, opened by
  // :focus-within) cannot take the focus from outside: the focus first goes to the nearest
  // element around it that can (the panel's category), which opens it, then in.
  for (let around = target.parentElement; document.activeElement !== target && around && element.contains(around); around = around.parentElement) {
    const opener = around.querySelector<HTMLElement>(FOCUSABLE);
    if (!opener || opener === target) continue;
    opener.focus({ preventScroll: true });
    if (document.activeElement === opener) target.focus({ preventScroll: true });
  }
  if (target instanceof HTMLInputElement && focus.start !== null) {
    try {
      target.setSelectionRange(focus.start, focus.end);
    } catch {
      // The live field's type has no caret (it changed with JavaScript): the focus is enough.
    }
  }
}

/**
 * The live element for a held press: the same one, or, when the server HTML was made for the page
 * before a client-side navigation, the one that differs only by its address (the language switch
 * and the country link lead from the page shown now, not from the one the HTML was made for).
 */
function resolvePressed(root: HTMLElement, ref: ElementRef): HTMLElement | null {
  const exact = resolveRef(root, ref);
  if (exact || ref.signature.startsWith("#")) return exact;
  const withoutAddress = (signature: string) => signature.split("|").filter((_, index) => index !== 4).join("|");
  const wanted = withoutAddress(ref.signature);
  const tag = ref.signature.slice(0, ref.signature.indexOf("|"));
  return [...root.querySelectorAll<HTMLElement>(tag)].filter((candidate) => withoutAddress(signatureOf(candidate)) === wanted)[ref.nth] ?? null;
}

/** Sends the held click or submission again, to the live element that now stands where it was aimed. */
export function replayHeld(element: HTMLElement, replay: NonNullable<Handover["replay"]>) {
  const target = resolvePressed(element, replay.target);
  if (target) sendHeld({ kind: replay.kind, target, submitter: replay.submitter && resolveRef(element, replay.submitter) });
}
