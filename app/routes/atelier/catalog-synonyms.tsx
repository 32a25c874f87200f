import { Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/catalog-synonyms";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { RecordFormCard, RowAction } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Field, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import { MAX_SYNONYM_TERMS_LENGTH, SYNONYM_FIELDS, SYNONYM_INTENTS, SynonymActionSchema } from "~/modules/catalog/search-admin.schema";
import { type SynonymGroupRow, deleteSynonymGroup, getSynonymGroup, listSynonymGroups, saveSynonymGroup } from "~/modules/catalog/search-admin.service.server";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { notFound, optionalIdParam } from "~/utils/id-param";
import { LOCALES } from "~/utils/locale";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/catalog/synonyms (issue 39): the search's synonym groups per language, the shop's
// defaults and the owner's own; add, edit (`?edit=ID`, an id that names nothing is a 404) and
// delete, without JavaScript, every write audited. A change raises the catalogue's revision: the
// next search on every process uses it, with no reindex.

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const editId = optionalIdParam(new URL(request.url).searchParams.get("edit") ?? undefined);
  const [groups, editing] = await Promise.all([listSynonymGroups(db), editId === null ? null : getSynonymGroup(db, editId)]);
  if (editId !== null && !editing) throw notFound();
  return {
    title: tns("atelier-catalog")("synonyms.title"),
    groups,
    editing,
    history: editing ? await auditOfRecord(db, "search-synonym", editing.id) : [],
    texts: pickTexts(locale, ["atelier-catalog"]),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const submission = parseIntentForm(await readFormData(request), SynonymActionSchema, SYNONYM_INTENTS);
  if (submission.status !== "success") {
    if (submission.payload.intent === "save") return invalidForm(submission);
    throw data({ message: "Bad form." }, { status: 400 });
  }
  const form = submission.value;
  const actor = staffActor(viewer);
  try {
    if (form.intent === "save") {
      await saveSynonymGroup(db, { id: form.id, locale: form.locale, terms: form.terms }, actor);
      addStaffNotice(context, { kind: "success", key: form.id ? "atelier-catalog:synonyms.saved" : "atelier-catalog:synonyms.created" });
    } else {
      await deleteSynonymGroup(db, form.id, actor);
      addStaffNotice(context, { kind: "success", key: "atelier-catalog:synonyms.deleted" });
    }
  } catch (error) {
    return formError(submission, error);
  }
  throw redirect(atelierHref(context, "/atelier/catalog/synonyms"), 303);
}

export const headers = privatePageHeaders;

type Data = Route.ComponentProps["loaderData"];

export default function AtelierSynonyms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  return (
    <>
      <PageHeader
        title={t("synonyms.title")}
        description={t("synonyms.description")}
        actions={
          <Link to={href("/atelier/catalog/search-report")} className="btn btn-secondary">
            {t("synonyms.toReport")}
          </Link>
        }
      />
      <SynonymForm data={loaderData} result={actionData?.result} />
      <SynonymsTable data={loaderData} />
      {loaderData.editing ? <AuditTrail entries={loaderData.history} title={t("synonyms.history")} /> : null}
    </>
  );
}

function SynonymsTable({ data }: { data: Data }) {
  const { t } = useTranslation("atelier-catalog");
  const { locale, href } = useLocale();
  const columns: Column<SynonymGroupRow>[] = [
    { key: "terms", header: t("synonyms.terms"), rowHeader: true, cell: (g) => g.terms },
    { key: "language", header: t("synonyms.language"), cell: (g) => t(`synonyms.languages.${g.locale}`) },
    { key: "updated", header: t("synonyms.updated"), wide: true, cell: (g) => formatRomeShortDateTime(g.updatedAt, locale) },
    {
      key: "actions",
      header: t("synonyms.actions"),
      cell: (g) => (
        <div className="flex flex-wrap gap-x-3">
          <Link to={href(`/atelier/catalog/synonyms?edit=${g.id}`)} className="link inline-flex min-h-6 items-center" aria-label={t("synonyms.editLabel", { terms: g.terms })}>
            {t("synonyms.edit")}
          </Link>
          <RowAction className="inline" intent="delete" fields={{ id: g.id }} label={t("synonyms.deleteLabel", { terms: g.terms })}>
            {t("synonyms.delete")}
          </RowAction>
        </div>
      ),
    },
  ];
  return <DataTable caption={t("synonyms.caption")} captionHidden columns={columns} rows={data.groups} rowKey={(g) => g.id} empty={t("synonyms.empty")} />;
}

function SynonymForm({ data, result }: { data: Data; result: Parameters<typeof useFormKit>[1] }) {
  const { t } = useTranslation("atelier-catalog");
  const { href, locale } = useLocale();
  const formRef = useFormRef();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const editing = data.editing;
  const kit = useFormKit("synonyms", result, SYNONYM_FIELDS, formRef, String(editing?.id ?? "new"));
  const initial: Record<string, string> = { locale: editing?.locale ?? locale, terms: editing?.terms ?? "" };
  const keyed = { ...kit, value: (name: string) => (result ? kit.value(name) : (initial[name] ?? "")) };
  return (
    <RecordFormCard
      id="synonym-form-title"
      title={editing ? t("synonyms.editTitle") : t("synonyms.newTitle")}
      intent="save"
      recordId={editing?.id}
      kit={keyed}
      formRef={formRef}
      columns={3}
      pending={pending}
      pendingLabel={t("synonyms.saving")}
      submitLabel={editing ? t("synonyms.save") : t("synonyms.create")}
      cancel={editing ? { href: href("/atelier/catalog/synonyms"), label: t("synonyms.cancelEdit") } : null}
    >
      {editing ? (
        <input type="hidden" name="locale" value={editing.locale} />
      ) : (
        <Field kit={keyed} name="locale" label={t("synonyms.language")}>
          <select {...controlProps(keyed, "locale")} key={keyed.resetKey} defaultValue={keyed.value("locale") || locale} className="field-input">
            {LOCALES.map((code) => (
              <option key={code} value={code}>
                {t(`synonyms.languages.${code}`)}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className={editing ? "sm:col-span-3" : "sm:col-span-2"}>
        <TextField kit={keyed} name="terms" label={t("synonyms.terms")} hint={t("synonyms.termsHint")} required maxLength={MAX_SYNONYM_TERMS_LENGTH} />
      </div>
    </RecordFormCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
