import { Form, redirect, useLocation } from "react-router";
import type { Route } from "./+types/newsletter";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { DataTable, type Column } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { formatInboxDate } from "~/components/atelier/inbox-date";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { StatusBadge, type BadgeTone } from "~/components/atelier/status-badge";
import type { NewsletterStatus } from "~/db/schema";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { listSubscribers, type SubscriberView, unsubscribeSubscriber } from "~/modules/newsletter/newsletter.service.server";
import { pageError, parseIntentForm, readFormData, requireValidForm } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { INBOX_PAGE_SIZE, newsletterQuery } from "./inbox-query.server";
import { addStaffNotice, atelierHref, atelierRedirectTarget, staffActor } from "./staff-context.server";
import { requireIdParam } from "~/utils/id-param";
import { redirectTargetField, z } from "~/utils/zod";

/** A row's "unsubscribe" (the address only names it in the notice; the page it was on to go back to). */
const SubscriberActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("unsubscribe"), id: z.string().max(40).optional(), email: z.string().optional(), redirectTo: redirectTargetField() }),
]);

// Atelier's newsletter: every sign-up with its date, state (double opt-in) and the version of the
// consent text it accepted, filtered by language and state with a GET form, paged, exported as
// CSV (newsletter-export.ts), and unsubscribed one by one (a POST, in the audit log).
export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const url = new URL(request.url);
  const { filter, page } = newsletterQuery(url);
  const { total, rows } = await listSubscribers(db, filter, { page, pageSize: INBOX_PAGE_SIZE });
  const exportQuery = new URLSearchParams();
  if (filter.locale) exportQuery.set("lang", filter.locale);
  if (filter.status) exportQuery.set("status", filter.status);
  return {
    title: tns("atelier-inbox")("newsletter.title"),
    filter: { lang: filter.locale ?? "", status: filter.status ?? "" },
    page,
    total,
    hasNext: page * INBOX_PAGE_SIZE < total,
    rows,
    exportUrl: `${atelierHref(context, "/atelier/newsletter/export")}${exportQuery.size ? `?${exportQuery}` : ""}`,
    texts: pickTexts(locale, ["atelier-inbox"]),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const form = requireValidForm(parseIntentForm(await readFormData(request), SubscriberActionSchema, ["unsubscribe"]));
  const id = requireIdParam(form.id);
  const email = (form.email ?? "").slice(0, 254);
  let changed: boolean;
  try {
    ({ changed } = await unsubscribeSubscriber(db, id, staffActor(viewer)));
  } catch (error) {
    pageError(error);
  }
  addStaffNotice(context, { kind: "success", key: changed ? "atelier-inbox:newsletter.unsubscribed" : "atelier-inbox:newsletter.alreadyUnsubscribed", values: { email } });
  throw redirect(atelierRedirectTarget(context, form.redirectTo ?? atelierHref(context, "/atelier/newsletter")), 303);
}

export const headers = privatePageHeaders;

const TONES: Record<NewsletterStatus, BadgeTone> = { pending: "attention", confirmed: "good", unsubscribed: "neutral" };

export default function AtelierNewsletter({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-inbox");
  const { locale, href } = useLocale();
  const location = useLocation();
  const here = location.pathname + location.search;
  const date = (iso: string | null) => <span className="whitespace-nowrap">{iso ? formatInboxDate(iso, locale) : "—"}</span>;
  const columns: Column<SubscriberView>[] = [
    { key: "email", header: t("newsletter.email"), rowHeader: true, cell: (row) => <span className="whitespace-nowrap">{row.email}</span> },
    { key: "language", header: t("newsletter.language"), cell: (row) => t(`newsletter.languages.${row.language}`) },
    { key: "status", header: t("newsletter.status"), cell: (row) => <StatusBadge tone={TONES[row.status]}>{t(`newsletter.statuses.${row.status}`)}</StatusBadge> },
    { key: "signedUp", header: t("newsletter.signedUp"), cell: (row) => date(row.consentAt) },
    {
      key: "confirmed",
      header: t("newsletter.confirmedAt"),
      wide: true,
      cell: (row) => (row.status !== "pending" && !row.confirmedAt ? t("newsletter.beforeDoubleOptIn") : date(row.confirmedAt)),
    },
    { key: "consent", header: t("newsletter.consentVersion"), wide: true, cell: (row) => row.consentVersion },
    { key: "source", header: t("newsletter.source"), wide: true, cell: (row) => (isSource(row.source) ? t(`newsletter.sources.${row.source}`) : row.source) },
    {
      key: "actions",
      header: t("newsletter.actions"),
      cell: (row) =>
        row.status === "unsubscribed" ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="unsubscribe" />
            <input type="hidden" name="id" value={row.id} />
            <input type="hidden" name="email" value={row.email} />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" className="link min-h-11 text-sm whitespace-nowrap" aria-label={t("newsletter.unsubscribeLabel", { email: row.email })}>
              {t("newsletter.unsubscribe")}
            </button>
          </Form>
        ),
    },
  ];
  return (
    <>
      <PageHeader
        title={t("newsletter.title")}
        description={t("newsletter.description")}
        actions={
          <a href={loaderData.exportUrl} className="btn btn-secondary" download>
            {t("newsletter.export")}
          </a>
        }
      />
      <FilterBar resetTo={href("/atelier/newsletter")}>
        <FilterField id="newsletter-lang" label={t("newsletter.language")}>
          <select id="newsletter-lang" name="lang" defaultValue={loaderData.filter.lang} className="field-input">
            <option value="">{t("newsletter.any")}</option>
            <option value="it">{t("newsletter.languages.it")}</option>
            <option value="en">{t("newsletter.languages.en")}</option>
          </select>
        </FilterField>
        <FilterField id="newsletter-status" label={t("newsletter.status")}>
          <select id="newsletter-status" name="status" defaultValue={loaderData.filter.status} className="field-input">
            <option value="">{t("newsletter.anyStatus")}</option>
            {(["pending", "confirmed", "unsubscribed"] as const).map((status) => (
              <option key={status} value={status}>
                {t(`newsletter.statuses.${status}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      <p className="mb-2 text-sm text-stone" role="status">
        {t("newsletter.count", { count: loaderData.total })}
      </p>
      <DataTable caption={t("newsletter.caption")} captionHidden columns={columns} rows={loaderData.rows} rowKey={(row) => row.id} empty={t("newsletter.empty")} />
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={location.search} />
    </>
  );
}

const SOURCES = ["footer", "page", "api", "register"] as const;
function isSource(value: string): value is (typeof SOURCES)[number] {
  return (SOURCES as readonly string[]).includes(value);
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
