import type { ComponentType } from "react";
import type { RootData } from "~/hooks/use-locale";

/**
 * How a component asks the shell's DialogHost (dialog-host.tsx) to open one of the shop's
 * dialogs: a window event carrying the dialog itself (a lazy component, dialogs.lazy.ts), so
 * that the dialogs' code travels with what opens them, not with every page's shell, and the
 * asking page imports nothing of the host's (which would make the bundler split the shell into
 * more shared chunks).
 */
export const OPEN_DIALOG_EVENT = "bottega:open-dialog";

/** What every dialog the host mounts receives. */
export interface DialogProps {
  /** What had focus (or sent the form) when the dialog was asked for: it gets the focus back. */
  opener: HTMLElement | null;
  country: RootData["country"];
  /** Unmounts the dialog; call it when the dialog has closed. */
  onClosed: () => void;
}

export interface OpenDialogDetail {
  dialog: ComponentType<DialogProps>;
  /** What had focus (or sent the form): it gets the focus back when the dialog closes. */
  opener: HTMLElement | null;
}

/** Asks the host to open a dialog (the country chooser, the bag drawer: dialogs.lazy.ts). */
export function openDialog(dialog: ComponentType<DialogProps>, opener: HTMLElement | null) {
  window.dispatchEvent(new CustomEvent<OpenDialogDetail>(OPEN_DIALOG_EVENT, { detail: { dialog, opener } }));
}
