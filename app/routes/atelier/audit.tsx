import { Link, useLocation } from "react-router";
import type { Route } from "./+types/audit";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditActorName, AuditChanges } from "~/components/atelier/audit-trail";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type AuditRecord, searchAudit } from "~/modules/audit/audit.service.server";
import { listStaff } from "~/modules/staff/staff.service.server";
import { formatRomeShortDateTime } from "~/utils/dates";
import { isDay, romeDayStart } from "~/utils/rome-time";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { idParam } from "~/utils/id-param";

/** The records whose page an entry links to (an erased customer's link answers Atelier's 404). */
const RECORD_PAGES: Record<string, string> = {
  order: "/atelier/orders",
  customer: "/atelier/customers",
  application: "/atelier/applications",
  product: "/atelier/products",
  category: "/atelier/categories",
  "discount-code": "/atelier/discount-codes",
  store: "/atelier/stores",
};

// The activity log: every audited write, searchable by words, action, person and dates, paged.
// Filters are a GET form; a value that makes no sense is ignored rather than refused.

const PAGE_SIZE = 50;
/** The action groups the filter offers (an action's prefix); any other action can still be asked in the URL. */
const ACTION_GROUPS = [
  "auth-failed.",
  "auth.",
  "export.",
  "order.",
  "return.",
  "invoice.",
  "customer.",
  "product.",
  "category.",
  "discount-code.",
  "catalog.",
  "search-synonym.",
  "banner.",
  "closure.",
  "promotion.",
  "content.",
  "store.",
  "newsletter.",
  "application.",
  "backstock.",
  "staff.",
  "settings.",
] as const;

/** Midnight in Italy (the shop's day) of a YYYY-MM-DD date, as an instant; null for a bad date. */
const romeMidnight = (value: string | null): Date | null => (value && isDay(value) ? new Date(romeDayStart(value)) : null);

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, tns } = getAtelierContext(context);
  const params = new URL(request.url).searchParams;
  const text = (params.get("q") ?? "").trim().slice(0, 100);
  const action = (params.get("action") ?? "").trim();
  const validAction = /^[a-z][a-z0-9-]*(\.[a-z0-9-]*)*$/.test(action) && action.length <= 64 ? action : "";
  const staffId = idParam(params.get("staff")) ?? undefined;
  const from = romeMidnight(params.get("from"));
  const toDay = romeMidnight(params.get("to"));
  // "To" includes its whole day.
  const to = toDay ? new Date(toDay.getTime() + 86_400_000) : null;
  const pageParam = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageParam) && pageParam >= 1 && pageParam <= 10_000 ? pageParam : 1;
  const [result, staff] = await Promise.all([
    searchAudit(db, { text: text || undefined, action: validAction || undefined, staffId, from: from ?? undefined, to: to ?? undefined, page, pageSize: PAGE_SIZE }),
    listStaff(db),
  ]);
  return {
    title: tns("atelier")("audit.title"),
    filters: { q: text, action: validAction, staff: staffId ? String(staffId) : "", from: from ? params.get("from")! : "", to: toDay ? params.get("to")! : "" },
    staff: staff.map((s) => ({ id: s.id, name: s.name, email: s.email })),
    entries: result.entries,
    hasNext: result.hasNext,
    page,
  };
}

export const headers = privatePageHeaders;

export default function AtelierAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier");
  const { locale, href } = useLocale();
  const { search } = useLocation();
  const { filters } = loaderData;
  const columns: Column<AuditRecord>[] = [
    {
      key: "at",
      header: t("audit.at"),
      rowHeader: true,
      cell: (e) => (
        <time dateTime={e.at} className="font-normal whitespace-nowrap">
          {formatRomeShortDateTime(e.at, locale)}
        </time>
      ),
    },
    {
      key: "who",
      header: t("audit.who"),
      cell: (e) => (
        <>
          <AuditActorName actor={e.actor} />{" "}
          {e.ip ? <span className="block text-xs text-stone">{t("audit.fromIp", { ip: e.ip })}</span> : null}
        </>
      ),
    },
    { key: "what", header: t("audit.what"), cell: (e) => <span className="font-mono text-xs">{e.action}</span> },
    {
      key: "record",
      header: t("audit.record"),
      cell: (e) => (
        <>
          {RECORD_PAGES[e.entityType] ? (
            <Link to={href(`${RECORD_PAGES[e.entityType]}/${e.entityId}`)} className="whitespace-nowrap underline">{`${e.entityType} #${e.entityId}`}</Link>
          ) : (
            <span className="whitespace-nowrap">{`${e.entityType} #${e.entityId}`}</span>
          )}{" "}
          {e.summary ? <span className="block text-stone">{e.summary}</span> : null}
        </>
      ),
    },
    { key: "changes", header: t("audit.changes"), cell: (e) => <AuditChanges before={e.before} after={e.after} /> },
  ];
  return (
    <>
      <PageHeader title={t("audit.title")} description={t("audit.intro")} />
      <p className="mb-4 text-sm">
        <Link to={href("/atelier/audit?action=auth-failed.")} className="link">
          {t("audit.failedSignIns")}
        </Link>
      </p>
      <FilterBar resetTo={href("/atelier/audit")}>
        <FilterField id="audit-q" label={t("audit.words")}>
          <input id="audit-q" name="q" type="search" defaultValue={filters.q} placeholder={t("audit.wordsHint")} maxLength={100} className="field-input" />
        </FilterField>
        <FilterField id="audit-action" label={t("audit.action")}>
          <select id="audit-action" name="action" defaultValue={filters.action} className="field-input">
            <option value="">{t("audit.anyAction")}</option>
            {filters.action && !(ACTION_GROUPS as readonly string[]).includes(filters.action) ? <option value={filters.action}>{filters.action}</option> : null}
            {ACTION_GROUPS.map((group) => (
              <option key={group} value={group}>
                {group}*
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="audit-staff" label={t("audit.staff")}>
          <select id="audit-staff" name="staff" defaultValue={filters.staff} className="field-input">
            <option value="">{t("audit.anyone")}</option>
            {loaderData.staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.email})
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="audit-from" label={t("audit.from")}>
          <input id="audit-from" name="from" type="date" defaultValue={filters.from} className="field-input" />
        </FilterField>
        <FilterField id="audit-to" label={t("audit.to")}>
          <input id="audit-to" name="to" type="date" defaultValue={filters.to} className="field-input" />
        </FilterField>
      </FilterBar>
      <DataTable caption={t("audit.caption")} captionHidden columns={columns} rows={loaderData.entries} rowKey={(e) => e.id} empty={t("audit.empty")} />
      <Pager page={loaderData.page} hasNext={loaderData.hasNext} search={search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
