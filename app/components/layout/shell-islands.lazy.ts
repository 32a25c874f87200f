import type { ComponentProps } from "react";
import type { ConsentBanner } from "~/components/consent/consent-banner";
import type { CountryPopup } from "~/components/country/country-popup";
import { lazyIsland } from "~/components/ui/lazy-island";
import type { Footer } from "./footer";
import type { Header } from "./header";

// The parts of every page's shell that need no script until the shopper uses them: each is
// server-rendered and works as plain HTML (links, a <details> menu, GET and POST forms), and its
// code loads on first use (decision 034). Registered for the server in entry.server.tsx.

/** The header: menus, search, the country, language, account and bag links. */
export const LazyHeader = lazyIsland<ComponentProps<typeof Header>>("header", () => import("./header"), { wakeOnSubmit: true });

/** The footer, with the islands inside it (the newsletter form) loaded before it goes live. */
export const LazyFooter = lazyIsland<ComponentProps<typeof Footer>>("footer", async () => {
  const footer = await import("./footer");
  await footer.loadIslandsWithin();
  return footer;
});

/** The cookie banner: its buttons post without JavaScript, through a fetcher with it. */
export const LazyConsentBanner = lazyIsland<ComponentProps<typeof ConsentBanner>>("consent-banner", () => import("~/components/consent/consent-banner"));

/** The country suggestion: when it shows, its close button and its 30 s countdown need the code at once. */
export const LazyCountryPopup = lazyIsland<ComponentProps<typeof CountryPopup>>("country-popup", () => import("~/components/country/country-popup"), { wakeWhenShown: true });
