import { type RefObject, useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { scrolledPastThreshold } from "~/modules/base/modal-rules";

/**
 * The life of one of the shop's modal dialogs (the DialogHost's): shown as a native modal
 * <dialog> once `ready` (focus kept inside, Escape closes it); closed also by a scroll of more
 * than 20 % of the window height from where it opened (spec §4) and by any navigation. On
 * close, the focus goes back to the opener and the host unmounts the dialog.
 */
export function useModalDialog(dialog: RefObject<HTMLDialogElement | null>, { ready, opener, onClosed }: { ready: boolean; opener: HTMLElement | null; onClosed: () => void }) {
  const location = useLocation();
  const openedAt = useRef(location.key);

  useEffect(() => {
    const element = dialog.current;
    if (!element || !ready) return;
    if (!element.open) element.showModal();
    const start = window.scrollY;
    const onScroll = () => {
      if (scrolledPastThreshold(start, window.scrollY, window.innerHeight)) element.close();
    };
    const onClose = () => {
      window.removeEventListener("scroll", onScroll);
      if (opener?.isConnected) opener.focus();
      onClosed();
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    element.addEventListener("close", onClose, { once: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      element.removeEventListener("close", onClose);
    };
  }, [dialog, ready, opener, onClosed]);

  // A link in the dialog (or the browser's back button) leaves the page: the dialog goes too.
  useEffect(() => {
    if (location.key !== openedAt.current) dialog.current?.close();
  }, [dialog, location.key]);
}
