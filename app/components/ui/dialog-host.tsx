import { type ComponentType, type LazyExoticComponent, Suspense, lazy, useCallback, useEffect, useState } from "react";
import type { RootData } from "~/root";
import { type DialogName, OPEN_DIALOG_EVENT, type OpenDialogDetail } from "./dialog-events";

/** What every dialog the host mounts receives. */
export interface DialogProps {
  /** What had focus (or sent the form) when the dialog was asked for: it gets the focus back. */
  opener: HTMLElement | null;
  country: RootData["country"];
  /** Unmounts the dialog; call it when the dialog has closed. */
  onClosed: () => void;
}

// The shop's dialogs, each loaded on its first opening only: the shell of every page carries
// this one host and one event, not the dialogs' code. Code that fails to load (offline, a new
// deployment) shows no dialog rather than the page's error screen.
const none = (): { default: ComponentType<DialogProps> } => ({ default: () => null });
const DIALOGS = {
  country: lazy(() => import("~/components/country/country-dialog").catch(none)),
  bag: lazy(() => import("~/components/bag/bag-drawer").catch(none)),
} satisfies Record<DialogName, LazyExoticComponent<ComponentType<DialogProps>>>;

/** Mounts the dialog a component asked for with openDialog (dialog-events.ts), one at a time. */
export function DialogHost({ country }: { country: RootData["country"] }) {
  const [request, setRequest] = useState<{ id: number; name: DialogName; opener: HTMLElement | null } | null>(null);
  useEffect(() => {
    const open = (event: Event) => setRequest((last) => ({ id: (last?.id ?? 0) + 1, ...(event as CustomEvent<OpenDialogDetail>).detail }));
    window.addEventListener(OPEN_DIALOG_EVENT, open);
    return () => window.removeEventListener(OPEN_DIALOG_EVENT, open);
  }, []);
  const close = useCallback(() => setRequest(null), []);
  if (!request) return null;
  const Dialog = DIALOGS[request.name];
  return (
    <Suspense fallback={null}>
      <Dialog key={request.id} opener={request.opener} country={country} onClosed={close} />
    </Suspense>
  );
}
