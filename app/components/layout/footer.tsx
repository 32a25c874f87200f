import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { LazyNewsletterForm } from "~/components/newsletter/newsletter-form.lazy";
import { useRootData } from "~/hooks/use-locale";
import { COOKIES_PAGE_PATH } from "~/modules/consent/consent";
import type { SocialNetwork } from "~/modules/settings/shop-settings";
import { type Locale, localizePath } from "~/utils/locale";

interface FooterLink {
  key: string;
  path: string;
  /** Shown only in these locales (Whistleblowing and the funding PDF are Italian only). */
  only?: Locale;
  /** A document rather than a page of the shop. */
  file?: boolean;
  /** The English page's own path, where it differs. */
  enPath?: string;
}

const HELP: FooterLink[] = [
  { key: "faq", path: "/pages/Faq" },
  { key: "shipping", path: "/pages/Shipping" },
  { key: "returns", path: "/pages/Returns" },
  { key: "contact", path: "/pages/Contact" },
  { key: "storelocator", path: "/pages/storelocator" },
];

const COMPANY: FooterLink[] = [
  { key: "about", path: "/pages/About" },
  { key: "career", path: "/pages/career" },
  { key: "newsletter", path: "/pages/newsletter" },
  { key: "whistleblowing", path: "/pages/Whistleblowing", only: "it" },
  { key: "funding", path: "/docs/progetto-finanziato.pdf", only: "it", file: true },
];

const LEGAL: FooterLink[] = [
  { key: "terms", path: "/pages/Terms-Conditions" },
  { key: "privacy", path: "/pages/Privacy-Policy" },
  { key: "cookies", path: "/pages/Cookie-Policy" },
  { key: "accessibility", path: "/pages/Accessibility" },
  // The withdrawal function (Directive (EU) 2023/2673): on every page, for anyone, no account needed.
  { key: "withdrawal", path: "/pages/recesso", enPath: "/pages/withdrawal" },
];

/** An outline icon for each network the shop may have a profile on (Atelier's settings). */
const SOCIAL_ICONS: Record<SocialNetwork, { name: string; icon: string }> = {
  instagram: { name: "Instagram", icon: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5v.01" },
  facebook: { name: "Facebook", icon: "M14 8h2.5V4.5H14A3.5 3.5 0 0 0 10.5 8v2.5H8V14h2.5v7H14v-7h2.5l.5-3.5h-3V8.5c0-.3.2-.5.5-.5Z" },
  tiktok: { name: "TikTok", icon: "M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.4 2.6 2.2 4.4 5 4.7" },
  pinterest: { name: "Pinterest", icon: "M12 3a9 9 0 0 0-3.3 17.4l1.8-7.4M10 15c.6 1 1.5 1.5 2.6 1.5 2.6 0 4.4-2.4 4.4-5.4C17 8 14.7 6 12 6c-3.2 0-5 2.3-5 4.7 0 1 .4 2 1 2.6" },
  youtube: { name: "YouTube", icon: "M3.5 8.2c.1-1.6 1.3-2.8 2.9-2.9C8.3 5.1 10.1 5 12 5s3.7.1 5.6.3c1.6.1 2.8 1.3 2.9 2.9.1 1.3.2 2.5.2 3.8s-.1 2.5-.2 3.8c-.1 1.6-1.3 2.8-2.9 2.9-1.9.2-3.7.3-5.6.3s-3.7-.1-5.6-.3c-1.6-.1-2.8-1.3-2.9-2.9-.1-1.3-.2-2.5-.2-3.8s.1-2.5.2-3.8ZM10 9v6l5-3-5-3Z" },
};

export function Footer({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { menu, shop } = useRootData();
  const legal = shop.company;
  const visible = (links: FooterLink[]) => links.filter((l) => !l.only || l.only === locale);

  return (
    <footer className="mt-24 border-t border-line bg-sand/60">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 desk:grid-cols-4">
        <FooterColumn title={t("footer.shop")}>
          {menu.map((top) => (
            <li key={top.id}>
              <Link to={top.url} className="link inline-flex min-h-10 items-center">
                {top.name}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t("footer.help")}>
          <LinkItems links={visible(HELP)} locale={locale} />
          <li className="pt-2 text-sm text-stone">{t("footer.supportHours", shop.supportHours)}</li>
        </FooterColumn>
        <FooterColumn title={t("footer.company")}>
          <LinkItems links={visible(COMPANY)} locale={locale} />
        </FooterColumn>
        <section aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className="mb-3 font-display text-2xl">
            {t("newsletter.title")}
          </h2>
          <p className="mb-4 text-sm text-stone">{t("newsletter.intro")}</p>
          <LazyNewsletterForm variant="footer" />
        </section>
      </div>
      <div className="border-t border-line">
        <div className="container-page flex flex-col gap-4 py-6 text-xs text-stone desk:flex-row desk:items-center desk:justify-between">
          <ul className="flex flex-wrap gap-x-5">
            <LinkItems links={LEGAL} locale={locale} />
            {/* Reopens the cookie choices (a page: works without JavaScript). */}
            <li>
              <Link to={localizePath(COOKIES_PAGE_PATH, locale)} className="link inline-flex min-h-10 items-center">
                {t("consent.footerLink", { ns: "country" })}
              </Link>
            </li>
          </ul>
          {/* The shop's own profiles, as the owner set them in Atelier; none set, no list. */}
          {shop.social.length ? (
            <ul className="flex gap-1" aria-label={t("footer.social")}>
              {shop.social.map((profile) => (
                <li key={profile.network}>
                  <a href={profile.url} rel="noopener noreferrer" target="_blank" aria-label={SOCIAL_ICONS[profile.network].name} className="inline-flex size-11 items-center justify-center text-ink hover:text-terracotta">
                    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                      <path d={SOCIAL_ICONS[profile.network].icon} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {/* The year is the clock's, which may differ between the server and the browser (a page
              served on 31 December, a browser's wrong date): hydration keeps the server's. */}
          <p suppressHydrationWarning>{t("footer.legal", { year: new Date().getUTCFullYear(), ...legal })}</p>
        </div>
      </div>
    </footer>
  );
}

function FooterColumn({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <h2 className="eyebrow mb-3 !text-ink">{title}</h2>
      <ul className="text-[0.9375rem]">{children}</ul>
    </section>
  );
}

function LinkItems({ links, locale }: { links: FooterLink[]; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <>
      {links.map((l) => (
        <li key={l.key}>
          {l.file ? (
            <a href={l.path} className="link inline-flex min-h-10 items-center" type="application/pdf">
              {t(`footer.links.${l.key}` as never)}
            </a>
          ) : (
            <Link to={localizePath(locale === "en" && l.enPath ? l.enPath : l.path, locale)} className="link inline-flex min-h-10 items-center">
              {t(`footer.links.${l.key}` as never)}
            </Link>
          )}
        </li>
      ))}
    </>
  );
}
