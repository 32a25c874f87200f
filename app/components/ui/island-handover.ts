// Carries what the shopper did to a lazy island's server HTML (see lazy-island.tsx) over to the
// live component that replaces it: the values of its form controls (matched by name), the
// focus and the caret. Loaded with the island's code, on first use.

export interface Handover {
  controls: { name: string; value: string; checked: boolean }[];
  focus: { id: string; start: number | null; end: number | null } | null;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const SKIPPED_TYPES = new Set(["hidden", "submit", "button", "reset", "file"]);
const isToggle = (control: Control) => control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio");

export function readHandover(element: HTMLElement): Handover {
  const controls: Handover["controls"] = [];
  for (const control of element.querySelectorAll<Control>("input, select, textarea")) {
    if (control.name && !SKIPPED_TYPES.has(control.type)) {
      controls.push({ name: control.name, value: control.value, checked: isToggle(control) && (control as HTMLInputElement).checked });
    }
  }
  const active = document.activeElement;
  // selectionStart is null where a type has no caret API (email, checkbox).
  const input = active instanceof HTMLInputElement ? active : null;
  const focus =
    active instanceof HTMLElement && active.id && element.contains(active)
      ? { id: active.id, start: input?.selectionStart ?? null, end: input?.selectionEnd ?? null }
      : null;
  return { controls, focus };
}

export function applyHandover(element: HTMLElement, { controls, focus }: Handover) {
  for (const control of element.querySelectorAll<Control>("input, select, textarea")) {
    if (!control.name || SKIPPED_TYPES.has(control.type)) continue;
    for (const saved of controls) {
      if (saved.name !== control.name) continue;
      if (!isToggle(control)) control.value = saved.value;
      else if (control.value === saved.value) (control as HTMLInputElement).checked = saved.checked;
    }
  }
  const target = focus && document.getElementById(focus.id);
  if (!focus || !target) return;
  target.focus();
  if (target instanceof HTMLInputElement && focus.start !== null) target.setSelectionRange(focus.start, focus.end);
}
