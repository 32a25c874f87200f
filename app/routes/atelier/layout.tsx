import { useEffect, useState } from "react";
import { Form, NavLink, Outlet, useFetcher, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { ATELIER_SEARCH_FIELD, AtelierShortcuts } from "~/components/atelier/shortcuts";
import { ATELIER_SEARCH_MAX_LENGTH } from "~/modules/dashboard/atelier-search";
import { LanguageSwitch } from "~/components/layout/language-switch";
import { Notices } from "~/components/layout/notices";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { mayOpen } from "~/modules/staff/atelier-access";
import type { Capability } from "~/modules/staff/capabilities";
import { atelierAccessMiddleware, currentStaff, currentStaffSession, staffSessionMiddleware, takeFormDraftFor, takeStaffNotices } from "./staff-context.server";

// Atelier, the back office: outside the shop layout (no shopper session, header or popups). Its
// middleware loads the staff session from Atelier's own cookie, then the guard checks the
// matched route's one declaration (ATELIER_ROUTE_ACCESS) before any loader or action runs.
export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware, atelierAccessMiddleware];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { locale, tns } = getRequestContext(context);
  const t = tns("atelier");
  const notices = takeStaffNotices(context).map((notice, index) => ({
    id: Date.now() * 10 + index,
    kind: notice.kind,
    // A count chooses the plural form (i18next's _one/_other) only as a number.
    message: String(t(notice.key as never, (notice.values?.count === undefined ? (notice.values ?? {}) : { ...notice.values, count: Number(notice.values.count) }) as never)),
  }));
  const draft = request.method === "GET" ? await takeFormDraftFor(context, request) : null;
  const session = currentStaffSession(context);
  // How long until the session ends without a request: the page warns two minutes before (with JavaScript).
  const sessionEndsInMs = session?.signedIn ? Date.parse(session.endsAt) - Date.now() : null;
  return { viewer: currentStaff(context), notices, draft, sessionEndsInMs, texts: pickTexts(locale, ["atelier"]) };
}

// Notices arrive after posts and the viewer changes at sign-in and out: always reload.
export function shouldRevalidate() {
  return true;
}

/** The sections of Atelier; each is shown to members who may open it (its route's declaration). */
const SECTIONS = [
  { path: "/atelier", key: "dashboard", end: true },
  { path: "/atelier/orders", key: "orders" },
  { path: "/atelier/products", key: "products" },
  { path: "/atelier/returns", key: "returns" },
  { path: "/atelier/invoices", key: "invoices" },
  { path: "/atelier/reports", key: "reports" },
  { path: "/atelier/customers", key: "customers" },
  { path: "/atelier/newsletter", key: "newsletter" },
  { path: "/atelier/applications", key: "applications" },
  { path: "/atelier/categories", key: "categories" },
  { path: "/atelier/catalog/colors", key: "colours" },
  { path: "/atelier/catalog/manufacturers", key: "manufacturers" },
  { path: "/atelier/catalog/size-guides", key: "sizeGuides" },
  { path: "/atelier/catalog/synonyms", key: "synonyms" },
  { path: "/atelier/catalog/search-report", key: "searchReport" },
  { path: "/atelier/discount-codes", key: "discountCodes" },
  { path: "/atelier/backstock", key: "backstock" },
  { path: "/atelier/banner", key: "banner" },
  { path: "/atelier/promotions", key: "promotions" },
  { path: "/atelier/catalog/import", key: "catalogImport" },
  { path: "/atelier/content", key: "content" },
  { path: "/atelier/stores", key: "stores" },
  { path: "/atelier/audit", key: "audit" },
  { path: "/atelier/staff", key: "staff" },
  { path: "/atelier/settings", key: "settings" },
] as const;

type LayoutData = Awaited<ReturnType<typeof loader>>;

export default function AtelierLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AtelierFrame data={loaderData}>
      <Outlet />
    </AtelierFrame>
  );
}

function AtelierFrame({ data, children }: { data: LayoutData | undefined; children: React.ReactNode }) {
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const viewer = data?.viewer ?? null;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:bg-paper focus:px-4 focus:py-2">
        {t("shell.skip")}
      </a>
      <header className="border-b border-line bg-paper">
        <div className="mx-auto flex min-h-14 max-w-[1440px] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 desk:px-6">
          <p className="font-display text-2xl tracking-[0.2em] uppercase">
            <a href={href("/atelier")} className="inline-flex min-h-11 items-center">
              {t("brand")}
            </a>
          </p>
          {viewer ? (
            <Form method="get" action={href("/atelier/search")} role="search" aria-label={t("shell.search")} className="order-last flex w-full gap-2 pb-2 desk:order-none desk:w-auto desk:max-w-md desk:flex-1 desk:pb-0">
              <label htmlFor={ATELIER_SEARCH_FIELD} className="sr-only">
                {t("shell.search")}
              </label>
              <input id={ATELIER_SEARCH_FIELD} name="q" type="search" maxLength={ATELIER_SEARCH_MAX_LENGTH} placeholder={t("shell.searchPlaceholder")} className="field-input min-h-10 py-1.5 text-sm" />
              <button type="submit" className="btn btn-secondary min-h-10 px-4 py-1.5">
                {t("shell.searchSubmit")}
              </button>
            </Form>
          ) : null}
          <div className="flex flex-wrap items-center gap-x-3 text-sm">
            {viewer ? (
              <>
                <span className="text-stone">{t("shell.signedInAs", { name: viewer.name, role: t(`roles.${viewer.role}`) })}</span>
                <Form method="post" action={href("/atelier/logout")}>
                  <button type="submit" className="link inline-flex min-h-11 items-center px-1">
                    {t("shell.signOut")}
                  </button>
                </Form>
              </>
            ) : null}
            <LanguageSwitch />
          </div>
        </div>
      </header>
      <Notices notices={data?.notices ?? []} />
      {viewer ? <AtelierShortcuts orders={mayOpen(viewer.capabilities, "orders")} products={mayOpen(viewer.capabilities, "products")} /> : null}
      {viewer && typeof data?.sessionEndsInMs === "number" ? <SessionWarning key={data.sessionEndsInMs} endsInMs={data.sessionEndsInMs} /> : null}
      <div className="mx-auto flex w-full max-w-[1440px] flex-1 flex-col desk:flex-row">
        {viewer ? <AtelierNav capabilities={viewer.capabilities} /> : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none desk:px-8">
          {viewer && data?.draft ? <KeptForm draft={data.draft} /> : null}
          {children}
        </main>
      </div>
    </>
  );
}

function AtelierNav({ capabilities }: { capabilities: readonly Capability[] }) {
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const sections = SECTIONS.filter((s) => mayOpen(capabilities, s.path.replace(/^\/atelier\/?/, "")));
  return (
    <nav aria-label={t("shell.navLabel")} className="border-b border-line bg-paper desk:w-56 desk:shrink-0 desk:border-r desk:border-b-0">
      <ul className="flex gap-1 overflow-x-auto px-2 py-2 text-sm desk:flex-col desk:overflow-visible desk:px-3 desk:py-4">
        {sections.map((s) => (
          <li key={s.key} className="shrink-0">
            <NavLink
              to={href(s.path)}
              end={"end" in s ? s.end : false}
              className={({ isActive }) =>
                `flex min-h-11 items-center px-3 whitespace-nowrap ${isActive ? "bg-ink text-ivory" : "hover:bg-sand"}`
              }
            >
              {t(`shell.${s.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The warning comes this long before the session's end. */
const WARN_BEFORE_MS = 2 * 60_000;

/**
 * With JavaScript: two minutes before the session would end for lack of requests, a notice
 * offers a real form button that extends it (POST /atelier/session, without leaving the page or
 * losing what is being written); once ended, it says what happens to a form sent now. Without
 * JavaScript nothing shows, and a form sent after the end comes back after sign-in (KeptForm).
 */
function SessionWarning({ endsInMs }: { endsInMs: number }) {
  const { t } = useTranslation("atelier");
  const { href } = useLocale();
  const { pathname, search } = useLocation();
  const fetcher = useFetcher();
  const [phase, setPhase] = useState<"quiet" | "warning" | "ended">("quiet");
  // Each new end (every page's data) mounts a new warning (the layout keys it by the end).
  useEffect(() => {
    const warn = window.setTimeout(() => setPhase("warning"), Math.max(0, endsInMs - WARN_BEFORE_MS));
    const end = window.setTimeout(() => setPhase("ended"), Math.max(0, endsInMs));
    return () => {
      window.clearTimeout(warn);
      window.clearTimeout(end);
    };
  }, [endsInMs]);
  if (phase === "quiet") return null;
  return (
    <div role="alert" className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-paper px-4 py-3 shadow-lg">
      <div className="mx-auto flex max-w-[1440px] flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <p>{t(phase === "warning" ? "sessionWarning.soon" : "sessionWarning.ended")}</p>
        {phase === "warning" ? (
          <fetcher.Form method="post" action={href("/atelier/session")}>
            <input type="hidden" name="via" value="script" />
            <input type="hidden" name="redirectTo" value={pathname + search} />
            <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
              {t("sessionWarning.extend")}
            </button>
          </fetcher.Form>
        ) : null}
      </div>
    </div>
  );
}

/** Fields shown as one line rather than a box: short values without line breaks. */
const isShort = (value: string) => value.length <= 80 && !value.includes("\n");

/**
 * A form posted after the session ended, offered again after sign-in: "sessione scaduta:
 * controlla e salva di nuovo". Each kept field is shown to check and edit (the technical ones
 * travel hidden), and a real form posts them to the page's own action: nothing is replayed
 * without the person's say.
 */
function KeptForm({ draft }: { draft: NonNullable<LayoutData["draft"]> }) {
  const { t } = useTranslation("atelier");
  const visible = draft.fields.filter(([name, value]) => name !== "intent" && !/(^|[a-z])Id$|^id$/.test(name) && value.trim() !== "");
  const hidden = draft.fields.filter((f) => !visible.includes(f));
  return (
    <section aria-labelledby="kept-form-title" className="mb-6 border-l-4 border-warning bg-paper p-4">
      <h2 id="kept-form-title" className="mb-1 text-2xl">
        {t("keptForm.title")}
      </h2>
      <p className="mb-4 text-sm text-stone">{t("keptForm.intro")}</p>
      <Form method="post" action={draft.path} className="space-y-4" aria-labelledby="kept-form-title">
        {hidden.map(([name, value], i) => (
          <input key={`h-${i}`} type="hidden" name={name} value={value} />
        ))}
        {visible.map(([name, value], i) => (
          <div key={`v-${i}`}>
            <label htmlFor={`kept-${i}`} className="mb-1.5 block text-sm font-medium">
              {t("keptForm.field", { name })}
            </label>
            {isShort(value) ? (
              <input id={`kept-${i}`} name={name} defaultValue={value} className="field-input" />
            ) : (
              <textarea id={`kept-${i}`} name={name} defaultValue={value} rows={Math.min(20, Math.max(4, value.split("\n").length + 1))} className="field-input" />
            )}
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-4">
          <button type="submit" className="btn btn-primary">
            {t("keptForm.submit")}
          </button>
          <a href={draft.path} className="link">
            {t("keptForm.discard")}
          </a>
        </div>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  const data = useRouteLoaderData<LayoutData>("atelier");
  return (
    <AtelierFrame data={data}>
      <AtelierErrorBoundary />
    </AtelierFrame>
  );
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];
