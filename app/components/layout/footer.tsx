import { useTranslation } from "~/hooks/use-translation";
import { Link } from "react-router";
import { useLiteMode } from "~/components/layout/lite-mode";
import { LiteModeSwitch } from "~/components/layout/lite-mode-forms";
import { LegalLine } from "~/components/layout/legal-line";
import { LazyNewsletterForm } from "~/components/newsletter/newsletter-form.lazy";
import { useRootData } from "~/hooks/use-locale";
import { usePageData } from "~/hooks/use-page-data";
import { COOKIES_PAGE_PATH } from "~/modules/consent/consent";
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


/**
 * Loads the islands the footer holds, before the footer itself goes live (shell-islands.lazy.ts):
 * an island mounted after hydration without its code would show nothing until it came.
 */
export const loadIslandsWithin = () => LazyNewsletterForm.preload();

export function Footer({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { menu, shop } = useRootData();
  const lite = useLiteMode();
  // The home gives the sign-up a band across the page (its page data); elsewhere it is a column.
  const { newsletterBand = false } = usePageData();
  const visible = (links: FooterLink[]) => links.filter((l) => !l.only || l.only === locale);

  return (
    <footer className="mt-24 border-t border-line bg-sand/60">
      {newsletterBand ? (
        <section aria-labelledby="footer-newsletter" className="border-b border-line bg-paper" data-testid="newsletter-band">
          <div className="container-page grid gap-8 py-16 desk:grid-cols-12 desk:gap-6 desk:py-24">
            <div className="desk:col-span-5">
              <p className="eyebrow mb-3">Bottega</p>
              <h2 id="footer-newsletter" className="mb-4 text-4xl desk:text-5xl">
                {t("newsletter.title")}
              </h2>
              <p className="max-w-md text-stone">{t("newsletter.intro")}</p>
            </div>
            <div className="desk:col-span-5 desk:col-start-8">
              <LazyNewsletterForm variant="footer" />
            </div>
          </div>
        </section>
      ) : null}
      <div className={`container-page grid gap-10 py-14 md:grid-cols-2 ${newsletterBand ? "desk:grid-cols-3" : "desk:grid-cols-4"}`}>
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
        {newsletterBand ? null : (
          <section aria-labelledby="footer-newsletter">
            <h2 id="footer-newsletter" className="mb-3 font-display text-2xl">
              {t("newsletter.title")}
            </h2>
            <p className="mb-4 text-sm text-stone">{t("newsletter.intro")}</p>
            <LazyNewsletterForm variant="footer" />
          </section>
        )}
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
            {/* The pages without any JavaScript (a form: works without it too). A lite page has its
                notice below the footer instead. */}
            {lite ? null : (
              <li>
                <LiteModeSwitch />
              </li>
            )}
          </ul>
          {/* The shop's own profiles, as the owner set them in Atelier; none set, no list. */}
          {shop.social.length ? (
            <ul className="flex gap-1" aria-label={t("footer.social")}>
              {shop.social.map((profile) => (
                <li key={profile.network}>
                  <a href={profile.url} rel="noopener noreferrer" target="_blank" aria-label={profile.name} className="inline-flex size-11 items-center justify-center text-ink hover:text-terracotta">
                    <svg viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
                      <path d={profile.icon} />
                    </svg>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <LegalLine legal={shop.legal} />
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

export default Footer;
