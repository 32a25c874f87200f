import { Link, useLocation } from "react-router";
import type { Route } from "./+types/discount-codes";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { type BadgeTone, StatusBadge } from "~/components/atelier/status-badge";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type DiscountCodeListItem, listDiscountCodes } from "~/modules/bag/discount-code-admin.service.server";
import { parseDiscountCodeFilter } from "~/modules/bag/discount-code.schema";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { withDateArticlesT } from "~/utils/date-article";

// /atelier/discount-codes: every code with its rule in a line, its dates, its uses against its
// limit and its state (active, scheduled, ended; used up), newest first; a GET form filters by
// part of the code and by state (?q=&state=&page=; anything unusable falls back to the default).

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const filter = parseDiscountCodeFilter(new URL(request.url).searchParams);
  const result = await listDiscountCodes(db, filter, locale);
  return { filter, ...result, title: tns("atelier-merch")("codes.meta.list"), texts: pickTexts(locale, ["atelier-merch"]) };
}

export const headers = privatePageHeaders;

const STATE_TONES: Record<string, BadgeTone> = { active: "good", scheduled: "attention", ended: "neutral", usedUp: "neutral" };

export default function AtelierDiscountCodes({ loaderData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-merch").t);
  const { href, locale } = useLocale();
  const { search } = useLocation();
  const { filter, codes, hasNext } = loaderData;
  const page = filter.page;
  const when = (iso: string) => formatRomeShortDateTime(iso, locale);
  const columns: Column<DiscountCodeListItem>[] = [
    {
      key: "code",
      header: t("codes.code"),
      rowHeader: true,
      cell: (c) => (
        <Link to={href(`/atelier/discount-codes/${c.id}`)} className="link font-mono decoration-stone underline-offset-2">
          {c.code}
        </Link>
      ),
    },
    { key: "rule", header: t("codes.rule"), cell: (c) => <RuleSummary code={c} /> },
    {
      key: "dates",
      header: t("codes.dates"),
      wide: true,
      cell: (c) =>
        c.startsAt || c.endsAt ? (
          <span className="whitespace-nowrap">
            {[c.startsAt ? t("codes.from", { date: when(c.startsAt) }) : null, c.endsAt ? t("codes.until", { date: when(c.endsAt) }) : null].filter(Boolean).map((line) => (
              <span key={line} className="block">
                {line}{" "}
              </span>
            ))}
          </span>
        ) : (
          <span className="text-stone">{t("codes.always")}</span>
        ),
    },
    {
      key: "uses",
      header: t("codes.uses"),
      numeric: true,
      cell: (c) => <span className="whitespace-nowrap">{c.maxUses === null ? t("codes.unlimited", { count: c.uses }) : t("codes.limited", { count: c.uses, limit: c.maxUses })}</span>,
    },
    {
      key: "state",
      header: t("codes.state"),
      cell: (c) => {
        const state = c.state === "active" && c.usedUp ? "usedUp" : c.state;
        return <StatusBadge tone={STATE_TONES[state]}>{t(`codes.states.${state}`)}</StatusBadge>;
      },
    },
  ];
  return (
    <>
      <PageHeader
        title={t("codes.title")}
        description={t("codes.intro")}
        actions={
          <Link to={href("/atelier/discount-codes/new")} className="btn btn-primary">
            {t("codes.new")}
          </Link>
        }
      />
      <FilterBar resetTo={href("/atelier/discount-codes")}>
        <FilterField id="codes-q" label={t("codes.search")}>
          <input id="codes-q" name="q" type="search" defaultValue={filter.q} maxLength={64} autoCapitalize="characters" className="field-input" />
        </FilterField>
        <FilterField id="codes-state" label={t("codes.stateFilter")}>
          <select id="codes-state" name="state" defaultValue={filter.state} className="field-input">
            <option value="all">{t("codes.all")}</option>
            {(["active", "scheduled", "ended"] as const).map((state) => (
              <option key={state} value={state}>
                {t(`codes.states.${state}`)}
              </option>
            ))}
          </select>
        </FilterField>
      </FilterBar>
      <DataTable caption={t("codes.caption")} captionHidden columns={columns} rows={codes} rowKey={(c) => c.id} empty={t("codes.empty")} />
      <Pager page={page} hasNext={hasNext} search={search} />
    </>
  );
}

/** A code's rule in a line: "−10 % · from €100 · Accessories · once per customer". */
function RuleSummary({ code }: { code: DiscountCodeListItem }) {
  const t = withDateArticlesT(useTranslation("atelier-merch").t);
  const { locale } = useLocale();
  const parts = [
    code.kind === "percentage" ? t("codes.summary.percent", { amount: code.amount }) : code.kind === "fixed" ? t("codes.summary.fixed", { amount: formatMoney(code.amount, locale) }) : t("codes.summary.free"),
    code.minSubtotalCents > 0 ? t("codes.summary.min", { amount: formatMoney(code.minSubtotalCents, locale) }) : null,
    code.categories.length ? code.categories.join(", ") : null,
    code.productCount ? t("codes.summary.products", { count: code.productCount }) : null,
    code.maxUsesPerCustomer !== null ? t("codes.summary.perCustomer", { count: code.maxUsesPerCustomer }) : null,
  ];
  return <span>{parts.filter(Boolean).join(" · ")}</span>;
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
