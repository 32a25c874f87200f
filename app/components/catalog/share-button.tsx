import { useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { useHydrated } from "~/hooks/use-hydrated";

/**
 * Shares the page: the native share sheet (url and title) where the browser has one, else a
 * copy-link button. Without JavaScript there is nothing to press, so nothing is rendered.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const { t } = useTranslation("catalog");
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  const canShare = typeof navigator.share === "function";
  return (
    <div className="flex items-center gap-3">
      <button
        type="button"
        className="link inline-flex min-h-11 items-center gap-2 text-sm underline"
        onClick={async () => {
          const absolute = new URL(url, window.location.origin).href;
          if (canShare) {
            // The shopper may close the sheet: not an error.
            await navigator.share({ title, url: absolute }).catch(() => undefined);
            return;
          }
          await navigator.clipboard.writeText(absolute);
          setCopied(true);
        }}
      >
        {canShare ? t("product.share") : t("product.copyLink")}
      </button>
      <span role="status" className="text-sm text-success">
        {copied ? t("product.copied") : ""}
      </span>
    </div>
  );
}
