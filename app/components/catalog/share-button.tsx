import { useState } from "react";
import { useTranslation } from "~/hooks/use-translation";

/**
 * Shares the page, as an icon beside the product's name. It is a link that writes an e-mail with
 * the page's address, so it works without JavaScript; with it, the browser's share sheet (url and
 * title) opens instead where there is one, else the link is copied and the page says so.
 */
export function ShareButton({ title, path, origin }: { title: string; path: string; origin: string }) {
  const { t } = useTranslation("catalog");
  const [copied, setCopied] = useState(false);
  const mailto = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(new URL(path, origin).href)}`;
  return (
    <div className="relative flex shrink-0 items-center">
      <a
        href={mailto}
        title={t("product.share")}
        className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:text-terracotta"
        data-testid="share"
        onClick={async (event) => {
          // The host the shopper is on (the Italian or the European shop).
          const absolute = new URL(path, window.location.origin).href;
          if (typeof navigator.share === "function") {
            event.preventDefault();
            // The shopper may close the sheet: not an error.
            await navigator.share({ title, url: absolute }).catch(() => undefined);
            return;
          }
          if (!navigator.clipboard) return;
          event.preventDefault();
          await navigator.clipboard.writeText(absolute).then(
            () => setCopied(true),
            () => window.location.assign(mailto),
          );
        }}
      >
        <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M12 15V3.5M8 7.5l4-4 4 4M8.5 10.5H6.5v10h11v-10h-2" />
        </svg>
        {/* Text, not an aria-label: a text browser shows it too. */}
        <span className="sr-only">{t("product.share")}</span>
      </a>
      <span role="status" className="absolute right-0 top-full whitespace-nowrap text-xs text-success">
        {copied ? t("product.copied") : ""}
      </span>
    </div>
  );
}
