/**
 * How a component asks the shell's DialogHost (dialog-host.tsx) to open one of the shop's
 * dialogs: a window event, so that the asking page imports nothing of the host's (which would
 * make the bundler split the shell into more shared chunks).
 */
export const OPEN_DIALOG_EVENT = "bottega:open-dialog";

export type DialogName = "country" | "bag";

export interface OpenDialogDetail {
  name: DialogName;
  /** What had focus (or sent the form): it gets the focus back when the dialog closes. */
  opener: HTMLElement | null;
}

/** Asks the host to open a dialog (the country chooser, the bag drawer). */
export function openDialog(name: DialogName, opener: HTMLElement | null) {
  window.dispatchEvent(new CustomEvent<OpenDialogDetail>(OPEN_DIALOG_EVENT, { detail: { name, opener } }));
}
