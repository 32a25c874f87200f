import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import { useTranslation } from "~/hooks/use-translation";
import type { RootData } from "~/hooks/use-locale";

const TONE = {
  success: "border-success text-success",
  warning: "border-warning text-warning",
  error: "border-sale text-sale",
} as const;

// How long a success toast stays with JavaScript is app.css's .toast-fades (8 s). Warnings
// (the bag emptied, a quantity cut to the stock) and errors stay until closed; a toast under the
// pointer or holding the focus stays too (WCAG 2.2.1: the reader sets the pace).

/** The notices themselves, inside the live region of notices.tsx; a lazy island (notices.lazy.ts). */
export default function NoticeList({ notices }: { notices: RootData["notices"] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [closed, setClosed] = useState<number[]>([]);
  const open = notices.filter((n) => !closed.includes(n.id));
  // Nothing at all when there is nothing to say: the island then wakes only for a notice.
  if (open.length === 0) return null;
  return (
    <div className="container-page flex flex-col items-stretch gap-2 pt-3 desk:items-end">
      {open.map((notice) => (
        // The fade-out (see above) sits on a wrapper: turned on at hydration, it does not replay
        // the fade-in; it ends hidden, for assistive technology too.
        <div key={notice.id} className={hydrated && notice.kind === "success" ? "toast-fades" : undefined}>
          <div
            data-testid="notice"
            className={`pointer-events-auto flex items-start gap-3 border-l-4 bg-paper px-4 py-3 text-sm font-medium shadow-md motion-safe:animate-[fade-in_200ms_ease-out] desk:max-w-sm ${TONE[notice.kind]}`}
          >
            <p className="flex-1 text-ink">{notice.message}</p>
            {hydrated ? (
              <button type="button" onClick={() => setClosed((c) => [...c, notice.id])} aria-label={t("notices.close")} className="-m-2 size-9 text-ink">
                ×
              </button>
            ) : null}
          </div>
        </div>
      ))}
    </div>
  );
}
