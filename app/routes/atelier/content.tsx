import { Fragment } from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/content";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { FilterBar, FilterField } from "~/components/atelier/filter-bar";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { ContentStateBadge } from "~/components/atelier/content-state-badge";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { CONTENT_KINDS, CONTENT_STATES, CREATABLE_KINDS, parseContentFilter } from "~/modules/content/content-editor.schema";
import { type ContentListEntry, listContentForAtelier } from "~/modules/content/content-editor.service.server";
import { formatRomeShortDateTime } from "~/utils/dates";
import { privatePageHeaders } from "~/utils/private-page-headers";

// /atelier/content: the journal, the care guide, the static pages and the "inside" stories, one
// row per entry (both languages edited together), filtered by kind, state and words with one GET
// form (?kind=&state=&q=&page=; anything unusable falls back to all), newest change first.

const TABLE_LINK = "link decoration-stone underline-offset-2";

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const filter = parseContentFilter(new URL(request.url).searchParams);
  const result = await listContentForAtelier(db, filter);
  return { filter, ...result, title: tns("atelier-content")("list.title"), texts: pickTexts(locale, ["atelier-content"]) };
}

export const headers = privatePageHeaders;

export default function AtelierContent({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-content");
  const { href, locale } = useLocale();
  const { search } = useLocation();
  const { filter, entries, page, hasNext } = loaderData;
  const columns: Column<ContentListEntry>[] = [
    {
      key: "title",
      header: t("list.entryTitle"),
      rowHeader: true,
      cell: (e) => (
        <>
          <Link to={href(`/atelier/content/${e.kind}/${e.key}`)} className={TABLE_LINK}>
            {e.title}
          </Link>{" "}
          <span className="block text-xs font-normal break-all text-stone">{e.url}</span>
        </>
      ),
    },
    { key: "kind", header: t("list.kind"), cell: (e) => <span className="whitespace-nowrap">{t(`kinds.${e.kind}`)}</span> },
    { key: "state", header: t("list.state"), cell: (e) => <ContentStateBadge state={e.state} /> },
    { key: "published", header: t("list.publishedAt"), wide: true, cell: (e) => (e.state === "draft" ? <span className="text-stone">—</span> : <span className="whitespace-nowrap">{formatRomeShortDateTime(e.publishedAt, locale)}</span>) },
    { key: "updated", header: t("list.updatedAt"), wide: true, cell: (e) => <span className="whitespace-nowrap">{formatRomeShortDateTime(e.updatedAt, locale)}</span> },
  ];
  const filtered = Boolean(filter.kind || filter.state || filter.q);
  return (
    <>
      <PageHeader
        title={t("list.title")}
        description={t("list.description")}
        actions={CREATABLE_KINDS.map((kind) => (
          <Fragment key={kind}>
            <Link to={`${href("/atelier/content/new")}?kind=${kind}`} className={kind === "blog" ? "btn btn-primary" : "btn btn-secondary"}>
              {t(`list.new.${kind}`)}
            </Link>{" "}
          </Fragment>
        ))}
      />
      <FilterBar resetTo={href("/atelier/content")}>
        <FilterField id="content-kind" label={t("list.kind")}>
          <select id="content-kind" name="kind" defaultValue={filter.kind ?? ""} className="field-input">
            <option value="">{t("list.allKinds")}</option>
            {CONTENT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`kinds.${kind}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="content-state" label={t("list.state")}>
          <select id="content-state" name="state" defaultValue={filter.state ?? ""} className="field-input">
            <option value="">{t("list.allStates")}</option>
            {CONTENT_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`states.${state}`)}
              </option>
            ))}
          </select>
        </FilterField>
        <FilterField id="content-q" label={t("list.search")}>
          <input id="content-q" name="q" type="search" defaultValue={filter.q} maxLength={200} autoComplete="off" className="field-input" />
        </FilterField>
      </FilterBar>
      <DataTable
        caption={t("list.caption")}
        captionHidden
        columns={columns}
        rows={entries}
        rowKey={(e) => `${e.kind}:${e.key}`}
        empty={filtered ? t("list.emptyFiltered") : t("list.empty")}
      />
      <Pager page={page} hasNext={hasNext} search={search} />
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
