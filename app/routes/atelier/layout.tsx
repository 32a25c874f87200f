import { Form, NavLink, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { LanguageSwitch } from "~/components/layout/language-switch";
import { Notices } from "~/components/layout/notices";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { mayOpen } from "~/modules/staff/atelier-access";
import type { Capability } from "~/modules/staff/capabilities";
import { atelierAccessMiddleware, currentStaff, staffSessionMiddleware, takeStaffNotices } from "./staff-context.server";

// Atelier, the back office: outside the shop layout (no shopper session, header or popups). Its
// middleware loads the staff session from Atelier's own cookie, then the guard checks the
// matched route's one declaration (ATELIER_ROUTE_ACCESS) before any loader or action runs.
export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware, atelierAccessMiddleware];

export async function loader({ context }: Route.LoaderArgs) {
  const { locale, i18n } = getRequestContext(context);
  const t = i18n.getFixedT(locale, "atelier");
  const notices = takeStaffNotices(context).map((notice, index) => ({
    id: Date.now() * 10 + index,
    kind: notice.kind,
    message: String(t(notice.key as never, (notice.values ?? {}) as never)),
  }));
  return { viewer: currentStaff(context), notices, texts: pickTexts(locale, ["atelier"]) };
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
  { path: "/atelier/customers", key: "customers" },
  { path: "/atelier/newsletter", key: "newsletter" },
  { path: "/atelier/applications", key: "applications" },
  { path: "/atelier/categories", key: "categories" },
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
      <div className="mx-auto flex w-full max-w-[1440px] flex-1 flex-col desk:flex-row">
        {viewer ? <AtelierNav capabilities={viewer.capabilities} /> : null}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none desk:px-8">
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

export function ErrorBoundary() {
  const data = useRouteLoaderData<LayoutData>("atelier");
  return (
    <AtelierFrame data={data}>
      <AtelierErrorBoundary />
    </AtelierFrame>
  );
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];
