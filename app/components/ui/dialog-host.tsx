import { type ComponentType, Suspense, useCallback, useEffect, useState } from "react";
import type { RootData } from "~/hooks/use-locale";
import { type DialogProps, OPEN_DIALOG_EVENT, type OpenDialogDetail } from "./dialog-events";

/** Mounts the dialog a component asked for with openDialog (dialog-events.ts), one at a time. */
export function DialogHost({ country }: { country: RootData["country"] }) {
  const [request, setRequest] = useState<{ id: number; Dialog: ComponentType<DialogProps>; opener: HTMLElement | null } | null>(null);
  useEffect(() => {
    const open = (event: Event) => {
      const { dialog, opener } = (event as CustomEvent<OpenDialogDetail>).detail;
      setRequest((last) => ({ id: (last?.id ?? 0) + 1, Dialog: dialog, opener }));
    };
    window.addEventListener(OPEN_DIALOG_EVENT, open);
    return () => window.removeEventListener(OPEN_DIALOG_EVENT, open);
  }, []);
  const close = useCallback(() => setRequest(null), []);
  if (!request) return null;
  const { Dialog } = request;
  return (
    <Suspense fallback={null}>
      <Dialog key={request.id} opener={request.opener} country={country} onClosed={close} />
    </Suspense>
  );
}
