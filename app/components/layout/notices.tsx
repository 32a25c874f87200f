import { useTranslation } from "~/hooks/use-translation";
import { lazyIsland } from "~/components/ui/lazy-island";
import type { RootData } from "~/hooks/use-locale";
import type NoticeList from "./notice-list";

// The notices' own code (toasts that fade, their close buttons) loads when there is one to show
// (decision 034); the live region stays in every page's shell, so that a notice arriving after
// an add to the bag is announced, the region being there before it.
const LazyNoticeList = lazyIsland<React.ComponentProps<typeof NoticeList>>("notice-list", () => import("./notice-list"), { wakeWhenShown: true, wakeOnSubmit: true });

/**
 * Flash notices from the last action, in a polite live region: top of the page on phones,
 * top right on desktop. Without JavaScript they simply render at the top of the page. By
 * default the region sits in the flow under the layout's header and sticks to the top of the
 * window once that header has scrolled away; the shop's layout, whose header sticks, hangs it
 * from the header instead (`className` then places it).
 */
export function Notices({ notices, className = "sticky top-0 z-30 h-0" }: { notices: RootData["notices"]; className?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" aria-label={t("notices.label")} className={`pointer-events-none ${className}`}>
      <LazyNoticeList notices={notices} />
    </div>
  );
}
