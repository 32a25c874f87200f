import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useNonce } from "~/components/ui/nonce";
import type { RootData } from "~/hooks/use-locale";

export const BANNER_DELAY_MS = 5_000;

/**
 * The banner's colours (each message's own, the owner's choice in Atelier) as a style element
 * React hoists into the head with the CSP nonce: the CSP allows no style attribute (docs/
 * decisions/019), and React keeps a hoisted style's rules only when its nonce matches
 * entry.server.tsx's. The document renders it on every page, banner or not: in the browser React
 * adopts it by href, so a banner first shown by a client navigation (from the login page, say)
 * never inserts a style element without a nonce. The banner takes the colours of the message it
 * shows (`data-message`); a closure notice has the stylesheet's ink and ivory. The colours arrive
 * checked by the root loader (loadShell): nothing in them can close the rule.
 */
export function BannerColors({ banner }: { banner: RootData["banner"] }) {
  const nonce = useNonce();
  // The closure notice's ink and ivory come from the stylesheet (.global-banner).
  const rules = banner.messages.map((m) => `.global-banner[data-message="${m.id}"]{background:${m.background};color:${m.color}}`).join("");
  const key = banner.messages.map((m) => `${m.id}${m.background}${m.color}`).join("-");
  return (
    // React finds a hoisted style by its href as one word (`[data-href~=…]`): no spaces in it, or
    // the browser would insert a second, un-nonced copy the CSP refuses ("rgb(0, 0, 0)").
    <style href={`global-banner-${key}`.replace(/\s+/g, "")} precedence="banner" nonce={nonce}>
      {rules}
    </style>
  );
}

/**
 * The global message banner. Several messages rotate every 5 s and loop; any interaction
 * (hover, focus, touch) or the pause button stops the rotation, and so does a preference for
 * reduced motion. Without JavaScript the first message shows and the rest stay in the
 * document for assistive technology.
 */
export function Banner({ banner }: { banner: RootData["banner"] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // The server lists them as shown: a closure notice in force first, with the day orders ship
  // from (spec §9), then a dated free-shipping promotion, then the owner's messages.
  const messages = banner.messages;
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(false);
  const playRequested = useRef(false);
  const rotating = messages.length > 1 && !stopped;

  useEffect(() => {
    if (!rotating) return;
    // Reduced motion stops the rotation, also when the preference changes during the visit,
    // unless the shopper pressed play themselves.
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
    const stopIfReduced = () => !playRequested.current && reduce.matches && setStopped(true);
    if (stopIfReduced()) return;
    reduce.addEventListener("change", stopIfReduced);
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % messages.length), BANNER_DELAY_MS);
    return () => {
      window.clearInterval(timer);
      reduce.removeEventListener("change", stopIfReduced);
    };
  }, [rotating, messages.length]);

  if (messages.length === 0) return null;
  const stop = () => setStopped(true);

  return (
    <section
      aria-label={t("banner.label")}
      data-testid="banner"
      data-rotating={hydrated && rotating ? "true" : "false"}
      data-message={messages[index]?.id}
      className="global-banner relative text-center text-[0.8125rem] tracking-wide"
      onMouseEnter={stop}
      onTouchStart={stop}
      onFocus={stop}
    >
      <ul className="container-page flex min-h-9 items-center justify-center py-2 pr-12">
        {messages.map((message, i) => {
          const link = message.link;
          return (
            <li
              key={message.id}
              className={i === index ? "motion-safe:animate-[slide-in_250ms_ease-out]" : "sr-only"}
              data-active={i === index ? "true" : undefined}
              onFocus={() => setIndex(i)}
            >
              {link ? (
                <Link to={link} className="underline-offset-4 hover:underline">
                  {message.text}
                </Link>
              ) : (
                message.text
              )}
            </li>
          );
        })}
      </ul>
      {hydrated && messages.length > 1 ? (
        <button
          type="button"
          className="absolute right-2 top-1/2 flex size-9 -translate-y-1/2 items-center justify-center"
          aria-label={stopped ? t("banner.play") : t("banner.pause")}
          onClick={(event) => {
            event.stopPropagation();
            playRequested.current = stopped;
            setStopped((s) => !s);
          }}
          onFocus={(event) => event.stopPropagation()}
        >
          <span aria-hidden="true" className="text-xs">
            {stopped ? "▶" : "❚❚"}
          </span>
        </button>
      ) : null}
    </section>
  );
}
