import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/cookies";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getRequestContext } from "~/middleware/request-context.server";
import { COOKIES_PAGE_PATH, OPTIONAL_CATEGORIES, consentFromChoice, noticeFor } from "~/modules/consent/consent";
import { CONSENT_INTENTS, ConsentChoiceSchema, consentChoiceOf } from "~/modules/consent/consent.schema";
import { readConsent, storeConsent } from "~/modules/consent/consent.server";
import { RECENTLY_VIEWED_COOKIE } from "~/modules/recently-viewed/recently-viewed";
import { clearViewedCookie } from "~/modules/recently-viewed/recently-viewed.server";
import { pageError, parseIntentForm, readFormData, requireValidForm } from "~/utils/form.server";
import { INTL_LOCALE, localizePath } from "~/utils/locale";
import { enforceRateLimit } from "~/modules/rate-limit/rate-limit.server";
import { LITE_COOKIE } from "~/utils/lite-mode";
import { safeRedirect } from "~/utils/safe-redirect";
import { seoMeta } from "~/utils/seo";
import { withDateArticlesT } from "~/utils/date-article";
import { cacheControl } from "~/utils/cache-policy";

/** Cookie choices per client address: a person decides once or twice, a script loops. */
const CONSENT_RATE_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

/** The technical cookies the shop sets, listed on the page. */
const TECHNICAL_COOKIES = [
  { name: "__session", key: "session" },
  { name: "preference", key: "preference" },
  { name: "consent", key: "consent" },
  { name: LITE_COOKIE, key: "lite" },
] as const;

/** The preference cookies, used with consent only. */
const PREFERENCE_COOKIES = [{ name: RECENTLY_VIEWED_COOKIE, key: "viewed" }] as const;

// The cookie choices (/pages/cookies): the banner's "choose" link and the footer's "Cookie
// preferences" lead here; every consent form posts to its action.
export async function loader({ request, context }: Route.LoaderArgs) {
  const { locale, env, tns } = getRequestContext(context);
  const consent = await readConsent(request.headers.get("Cookie"));
  return {
    consent: consent && {
      preferences: consent.preferences,
      analytics: consent.analytics,
      marketing: consent.marketing,
      // Formatted here, so that the server and the browser show the same date.
      decidedOn: new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "Europe/Rome" }).format(new Date(consent.decidedAt)),
    },
    categories: OPTIONAL_CATEGORIES,
    title: tns("country")("consent.page.title"),
    path: localizePath(COOKIES_PAGE_PATH, locale),
    origin: env.PUBLIC_URL,
    page: { alternates: { it: COOKIES_PAGE_PATH, en: localizePath(COOKIES_PAGE_PATH, "en") } },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, clientIp, publicUrl, session } = getRequestContext(context);
  const value = requireValidForm(parseIntentForm(await readFormData(request), ConsentChoiceSchema, CONSENT_INTENTS));
  const choice = consentChoiceOf(value);
  await enforceRateLimit(db, "consent", clientIp, CONSENT_RATE_LIMIT).catch(pageError);
  const consent = consentFromChoice(choice, new Date());
  const headers = new Headers(cacheControl("private"));
  headers.append("Set-Cookie", await storeConsent(consent, publicUrl.isHttps));
  // Preferences refused or withdrawn: what they kept goes with them ("Visti di recente").
  if (!consent.preferences) headers.append("Set-Cookie", clearViewedCookie(publicUrl.isHttps));
  // The notice says what the choice means (for the X: a refusal, only technical cookies). A
  // shopper without a session gets it in the flash cookie: no session row for a cookie choice.
  await session.addFlash({ kind: "success", key: noticeFor(choice) });
  // Without JavaScript the form says where it came from: back there.
  if (value.redirectTo) throw redirect(safeRedirect(value.redirectTo), { headers });
  return data({ saved: true }, { headers });
}

export default function CookiesPage({ loaderData }: Route.ComponentProps) {
  const { consent, categories, path } = loaderData;
  const t = withDateArticlesT(useTranslation("country").t);
  const { href } = useLocale();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  return (
    <section className="container-page py-12 desk:py-16" aria-labelledby="page-title">
      <div className="mx-auto max-w-3xl">
        <h1 id="page-title" className="mb-4 text-5xl">
          {t("consent.page.title")}
        </h1>
        <p className="mb-4 text-lg text-stone">{t("consent.page.intro")}</p>
        <p className="mb-10 border-l-4 border-ink bg-paper px-4 py-3 text-sm font-medium" data-testid="consent-state">
          {consent ? t("consent.page.currentSet", { date: consent.decidedOn }) : t("consent.page.currentNone")}
        </p>

        <Form method="post" preventScrollReset>
          <input type="hidden" name="redirectTo" value={path} />
          <section aria-labelledby="cookies-necessary" className="border-t border-line py-8">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="cookies-necessary" className="text-3xl">
                {t("consent.page.necessary.title")}
              </h2>
              <p className="text-sm font-semibold">{t("consent.page.always")}</p>
            </div>
            <p className="mb-5">{t("consent.page.necessary.text")}</p>
            <CookieTable caption={t("consent.page.table.caption")} cookies={TECHNICAL_COOKIES} />
          </section>

          {categories.map((category) => (
            <section key={category} aria-labelledby={`cookies-${category}`} className="border-t border-line py-8">
              <h2 id={`cookies-${category}`} className="mb-3 text-3xl">
                {t(`consent.page.${category}.title`)}
              </h2>
              <p className="mb-2">{t(`consent.page.${category}.text`)}</p>
              {category === "preferences" ? (
                <div className="mb-5">
                  <CookieTable caption={t("consent.page.table.preferencesCaption")} cookies={PREFERENCE_COOKIES} />
                </div>
              ) : (
                <p className="mb-5 text-sm text-stone">{t("consent.page.notUsed")}</p>
              )}
              <div className="flex items-center gap-3">
                <input
                  id={`consent-${category}`}
                  name={category}
                  type="checkbox"
                  value="on"
                  // A new choice arriving from the server resets what the box shows.
                  key={String(consent?.[category] ?? false)}
                  defaultChecked={consent?.[category] ?? false}
                  className="size-5 shrink-0 accent-ink"
                />
                <label htmlFor={`consent-${category}`} className="text-[0.9375rem] font-medium">
                  {t(`consent.page.${category}.allow`)}
                </label>
              </div>
            </section>
          ))}

          <div className="flex flex-wrap gap-3 border-t border-line pt-8">
            <ChoiceButton intent="save" pending={pending} primary>
              {t("consent.page.save")}
            </ChoiceButton>
            <ChoiceButton intent="accept" pending={pending}>
              {t("consent.page.acceptAll")}
            </ChoiceButton>
            <ChoiceButton intent="reject" pending={pending}>
              {t("consent.page.rejectAll")}
            </ChoiceButton>
          </div>
        </Form>
        <Link to={href("/pages/Cookie-Policy")} className="link mt-10 inline-flex min-h-11 items-center underline">
          {t("consent.policy")}
        </Link>
      </div>
    </section>
  );
}

/** A table of cookies: name, what it is for, how long it lasts. */
function CookieTable({ caption, cookies }: { caption: string; cookies: readonly { name: string; key: string }[] }) {
  const t = withDateArticlesT(useTranslation("country").t);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t("consent.page.table.name")}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t("consent.page.table.purpose")}
            </th>
            <th scope="col" className="py-2 font-semibold">
              {t("consent.page.table.duration")}
            </th>
          </tr>
        </thead>
        <tbody>
          {cookies.map((cookie) => (
            <tr key={cookie.name} className="border-b border-line">
              <th scope="row" className="py-2 pr-4 font-mono text-xs font-normal">
                {cookie.name}
              </th>
              <td className="py-2 pr-4">{t(`consent.page.cookies.${cookie.key}.purpose` as never)}</td>
              <td className="whitespace-nowrap py-2">{t(`consent.page.cookies.${cookie.key}.duration` as never)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One of the form's three submit buttons, with its own loading state. */
function ChoiceButton({ intent, pending, primary = false, children }: { intent: string; pending: FormDataEntryValue | null | undefined; primary?: boolean; children: React.ReactNode }) {
  const t = withDateArticlesT(useTranslation("country").t);
  const busy = pending === intent;
  return (
    <button type="submit" name="intent" value={intent} disabled={!!pending} aria-busy={busy || undefined} className={`btn ${primary ? "btn-primary" : "btn-secondary"}`}>
      {busy ? <span className="spinner" aria-hidden="true" /> : null}
      {busy ? t("consent.page.saving") : children}
    </button>
  );
}

export const meta: Route.MetaFunction = ({ data }) =>
  data ? seoMeta({ title: `${data.title} | Bottega`, path: data.path, origin: data.origin, noindex: true }) : [];

export const ErrorBoundary = RouteErrorBoundary;
