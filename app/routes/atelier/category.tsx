import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Field, FormErrors, type FormKit, SubmitButton, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { TextAreaField, withStoredValues } from "~/components/atelier/editor-kit";
import type { Locale } from "~/db/schema";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { SLUG_MAX_LENGTH } from "~/modules/catalog/catalog-rules";
import { CATEGORY_EDITOR_INTENTS, CategoryEditorSchema, parseCategoryId } from "~/modules/catalog/category-admin.schema";
import { createCategory, deleteCategory, getCategoryEditor, getParentOptions, updateCategory } from "~/modules/catalog/category-admin.service.server";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { LOCALES } from "~/utils/locale";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, requireStaff, staffActor } from "./staff-context.server";

// /atelier/categories/new and /atelier/categories/:id: a category's names, slugs and SEO texts
// in both languages and its parent; on an existing one, its deletion (only when empty) and its
// history. Saving a new slug or parent moves the addresses of the category and everything below
// it (the category service keeps the old ones answering with a 301). The tile image comes with
// the photograph pipeline.

const FIELDS = ["it.name", "it.slug", "it.metaTitle", "it.metaDescription", "it.keywords", "en.name", "en.slug", "en.metaTitle", "en.metaDescription", "en.keywords", "parentId"] as const;

/** The category's id from the URL (null on /new); anything that is no id is a 404. */
function categoryIdOf(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = parseCategoryId(params.id);
  if (id === null) throw data({ message: "atelier-merch:categories.errors.notFound" }, { status: 404 });
  return id;
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  requireStaff(context);
  const id = categoryIdOf(params);
  const { db, locale, tns } = getRequestContext(context);
  const t = tns("atelier-merch");
  const texts = pickTexts(locale, ["atelier-merch"]);
  if (id === null) {
    const parents = await getParentOptions(db, locale, null);
    // "New subcategory of …": ?parent=ID preselects the parent when it is one of the options.
    const wanted = parseCategoryId(new URL(request.url).searchParams.get("parent") ?? undefined);
    const parentId = parents.some((p) => p.id === wanted) ? wanted : null;
    return { category: null, parents, defaultParentId: parentId, title: t("categories.meta.new"), texts };
  }
  const category = await getCategoryEditor(db, id, locale);
  if (!category) throw data({ message: "atelier-merch:categories.errors.notFound" }, { status: 404 });
  return { category, parents: category.parents, defaultParentId: category.parentId, title: t("categories.meta.edit", { name: category.texts[locale].name }), texts };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const viewer = requireStaff(context);
  const id = categoryIdOf(params);
  const { db } = getRequestContext(context);
  const submission = parseIntentForm(await readFormData(request), CategoryEditorSchema, id === null ? ["save"] : CATEGORY_EDITOR_INTENTS);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  const actor = staffActor(viewer);
  try {
    if (form.intent === "delete") {
      await deleteCategory(db, id!, actor);
      addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.deleted" });
      throw redirect(atelierHref(context, "/atelier/categories"), 303);
    }
    const input = { parentId: form.parentId ?? null, texts: { it: form.it, en: form.en } };
    if (id === null) {
      const created = await createCategory(db, input, actor);
      addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.created" });
      throw redirect(atelierHref(context, `/atelier/categories/${created}`), 303);
    }
    await updateCategory(db, id, input, actor);
    addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.saved" });
    throw redirect(atelierHref(context, `/atelier/categories/${id}`), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
}

export const headers = privatePageHeaders;

type Data = Route.ComponentProps["loaderData"];

export default function AtelierCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-merch");
  const { href, locale } = useLocale();
  const { category } = loaderData;
  const result = actionData?.result as SubmissionResult<string[]> | undefined;
  const deleting = result?.initialValue?.intent === "delete";
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/categories")} className="link">
          <span aria-hidden="true">← </span>
          {t("categories.back")}
        </Link>
      </p>
      <PageHeader
        title={category ? category.texts[locale].name : t("categories.newTitle")}
        description={category ? category.trail.join(" › ") : undefined}
        actions={
          category ? (
            <Link to={`${href("/atelier/categories/new")}?parent=${category.id}`} className="btn btn-secondary">
              {t("categories.newChild")}
            </Link>
          ) : null
        }
      />
      <CategoryForm data={loaderData} result={deleting ? undefined : result} />
      {category ? (
        <>
          <DeleteCategory data={loaderData} result={deleting ? result : undefined} />
          <AuditTrail entries={category.audit} />
        </>
      ) : null}
    </>
  );
}

function CategoryForm({ data, result }: { data: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("atelier-merch");
  const formRef = useFormRef();
  const { category } = data;
  const stored: Record<string, string> = { parentId: data.defaultParentId === null ? "" : String(data.defaultParentId) };
  if (category) for (const l of LOCALES) for (const [key, value] of Object.entries(category.texts[l])) stored[`${l}.${key}`] = value;
  const kit = withStoredValues(useFormKit("category", result, FIELDS, formRef), result, stored);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  return (
    <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-6" aria-labelledby="page-title">
      <input type="hidden" name="intent" value="save" />
      <FormErrors kit={kit} />
      <div className="grid gap-6 desk:grid-cols-2">
        {LOCALES.map((l) => (
          <LanguageFieldset key={l} kit={kit} locale={l} path={category?.texts[l].path} />
        ))}
      </div>
      <fieldset className="max-w-xl border border-line bg-paper p-4">
        <legend className="px-1 text-sm font-medium">{t("categories.fields.parent")}</legend>
        <Field kit={kit} name="parentId" label={<span className="sr-only">{t("categories.fields.parent")}</span>} hint={t("categories.fields.parentHint")}>
          <select {...controlProps(kit, "parentId", { hint: true })} key={kit.resetKey} defaultValue={kit.value("parentId")} className="field-input">
            <option value="">{t("categories.fields.top")}</option>
            {data.parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <p className="mt-3 text-sm text-stone">{t("categories.tileImage")}</p>
      </fieldset>
      <SubmitButton pending={pending} pendingLabel={t(category ? "categories.saving" : "categories.creating")}>
        {t(category ? "categories.save" : "categories.create")}
      </SubmitButton>
    </Form>
  );
}

function LanguageFieldset({ kit, locale, path }: { kit: FormKit; locale: Locale; path: string | undefined }) {
  const { t } = useTranslation("atelier-merch");
  const prefix = locale === "en" ? "/en" : "";
  return (
    <fieldset lang={locale} className="space-y-4 border border-line bg-paper p-4">
      <legend className="px-1 font-display text-xl">{t(locale === "it" ? "categories.italian" : "categories.english")}</legend>
      <TextField kit={kit} name={`${locale}.name`} label={t("categories.fields.name")} required maxLength={100} />
      <TextField kit={kit} name={`${locale}.slug`} label={t("categories.fields.slug")} hint={t("categories.fields.slugHint")} maxLength={SLUG_MAX_LENGTH} autoCapitalize="off" spellCheck={false} />
      {path ? (
        <p className="text-sm">
          <span className="text-stone">{t("categories.address")}: </span>
          <a href={`${prefix}/categories/${path}`} className="link font-mono text-xs break-all">{`${prefix}/categories/${path}`}</a>
        </p>
      ) : null}
      <TextField kit={kit} name={`${locale}.metaTitle`} label={t("categories.fields.metaTitle")} hint={t("categories.fields.metaTitleHint")} maxLength={120} />
      <TextAreaField kit={kit} name={`${locale}.metaDescription`} label={t("categories.fields.metaDescription")} rows={3} maxLength={320} />
      <TextField kit={kit} name={`${locale}.keywords`} label={t("categories.fields.keywords")} maxLength={300} />
    </fieldset>
  );
}

function DeleteCategory({ data, result }: { data: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("atelier-merch");
  const ref = useFormRef();
  const kit = useFormKit("delete-category", result, [], ref);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const category = data.category!;
  const blocked = category.products > 0 || category.children > 0 || category.codes > 0;
  return (
    <section aria-labelledby="delete-category-title" className="mt-10 max-w-xl border border-sale/40 bg-paper p-4">
      <h2 id="delete-category-title" className="mb-2 text-xl">
        {t("categories.delete.title")}
      </h2>
      <p className="mb-2 text-sm text-stone">{t("categories.delete.intro")}</p>
      <p className="mb-4 text-sm">
        {t("categories.facts", { products: t("categories.products", { count: category.products }), children: t("categories.children", { count: category.children }) })}
      </p>
      <Form method="post" ref={ref} className="grid gap-3">
        <input type="hidden" name="intent" value="delete" />
        <FormErrors kit={kit} />
        {blocked ? <p className="text-sm">{t("categories.delete.blocked")}</p> : null}
        <div>
          <SubmitButton pending={pending} pendingLabel={t("categories.delete.pending")} className="btn btn-secondary">
            {t("categories.delete.submit")}
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
