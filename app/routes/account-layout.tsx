import { Form, NavLink, Outlet, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/account-layout";
import { RouteErrorBoundary } from "~/components/layout/route-error-boundary";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { getAccount } from "~/modules/account/account.service.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { requireAccountHolder } from "./login-redirect.server";

// Every /account page sits under this layout. Its middleware runs before any of their loaders
// and actions: anyone but an account holder goes to /login (spec §2), the page becoming the
// stored login-redirect target.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    await requireAccountHolder(context, request);
    return next();
  },
];

export async function loader({ context, request }: Route.LoaderArgs) {
  const userId = await requireAccountHolder(context, request);
  const { db, locale, session, href } = getRequestContext(context);
  const account = await getAccount(db, userId);
  // The account is gone (deleted in another tab): the session means nothing any more.
  if (!account) {
    await session.destroy();
    throw redirect(href("/login"));
  }
  return { account, texts: pickTexts(locale, ["account"]) };
}

export const headers = privatePageHeaders;

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { href } = useLocale();
  const { account } = loaderData;
  const loggingOut = useNavigation().formData?.get("intent") === "logout";
  // Phones: a row of tabs under the greeting, underlined; desktop: a column, marked on the left.
  const tab = ({ isActive }: { isActive: boolean }) =>
    `block min-h-11 whitespace-nowrap border-b-2 px-3 py-2.5 desk:border-b-0 desk:border-l-2 desk:px-0 desk:pl-4 ${isActive ? "border-ink font-medium" : "border-transparent text-stone hover:text-ink"}`;
  return (
    <div className="container-page py-10 desk:py-14">
      <header className="mb-8 flex items-center gap-4 desk:mb-12">
        <span aria-hidden="true" className="inline-flex size-14 items-center justify-center rounded-full bg-ink font-display text-2xl uppercase text-ivory">
          {account.firstName.charAt(0)}
        </span>
        <div>
          <p className="eyebrow">{t("account.title")}</p>
          <p className="font-display text-3xl">{t("account.greeting", { firstName: account.firstName })}</p>
        </div>
      </header>
      <div className="grid gap-8 desk:grid-cols-12 desk:gap-10">
        <nav aria-label={t("account.nav")} className="flex items-end justify-between gap-2 border-b border-line desk:col-span-3 desk:block desk:self-start desk:border-b-0">
          <ul className="-mb-px flex overflow-x-auto desk:mb-0 desk:block desk:space-y-1">
            <li>
              <NavLink to={href("/account")} end className={tab}>
                {t("account.overview")}
              </NavLink>
            </li>
            <li>
              <NavLink to={href("/account/addresses")} className={tab}>
                {t("account.addresses")}
              </NavLink>
            </li>
            <li>
              <NavLink to={href("/account/orders")} className={tab}>
                {t("account.orders")}
              </NavLink>
            </li>
          </ul>
          {/* Signing out changes state: a POST, its button dressed as the menu's last, quieter link. */}
          <Form method="post" action={href("/account")} className="shrink-0 desk:mt-4 desk:border-t desk:border-line desk:pt-3">
            <button
              type="submit"
              name="intent"
              value="logout"
              className="inline-flex min-h-11 items-center gap-2 text-sm text-stone underline underline-offset-4 transition-colors hover:text-terracotta disabled:opacity-60 desk:pl-4"
              disabled={loggingOut}
              aria-busy={loggingOut || undefined}
            >
              <svg viewBox="0 0 16 16" className="size-4" aria-hidden="true" focusable="false">
                <path d="M6 2.5H3v11h3M10.5 5l3 3-3 3M13.5 8H6.5" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              {t("account.logout")}
            </button>
          </Form>
        </nav>
        <div className="desk:col-span-9">
          <Outlet />
        </div>
      </div>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
