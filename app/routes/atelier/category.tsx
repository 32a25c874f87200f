import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/category";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { ConfirmCard, UploadForm } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { Picture } from "~/components/catalog/product-card";
import { Field, FormErrors, type FormKit, SubmitButton, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { TextAreaField, withStoredValues } from "~/components/atelier/editor-kit";
import type { Locale } from "~/db/schema";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext, getRequestContext } from "~/middleware/request-context.server";
import { SLUG_MAX_LENGTH } from "~/modules/catalog/catalog-rules";
import { CATEGORY_EDITOR_INTENTS, CategoryEditorSchema, TILE_FIELD } from "~/modules/catalog/category-admin.schema";
import { createCategory, deleteCategory, getCategoryEditor, getParentOptions, updateCategory } from "~/modules/catalog/category-admin.service.server";
import { type AtelierTile, getCategoryTile, removeCategoryTile, setCategoryTile, updateCategoryTile } from "~/modules/catalog/category-tile.service.server";
import { type UploadLimits, readForm } from "~/modules/career/career-upload.server";
import { MAX_IMAGE_BYTES, mayBeImage } from "~/modules/media/image-pipeline.server";
import { getMediaStorage } from "~/modules/media/storage.server";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { LOCALES } from "~/utils/locale";
import { addStaffNotice, atelierHref, staffActor, type StaffViewer } from "./staff-context.server";
import { idParam, optionalIdParam, notFound } from "~/utils/id-param";
import { pageHeaders } from "~/utils/cache-policy";

// /atelier/categories/new and /atelier/categories/:id: a category's names, slugs and SEO texts
// in both languages and its parent; on an existing one, its deletion (only when empty) and its
// history. Saving a new slug or parent moves the addresses of the category and everything below
// it (the category service keeps the old ones answering with a 301). An existing category's tile
// photograph (the home page's tile, docs/decisions/023): upload or replace (a multipart form read
// as a stream, 20 MB, checked from its bytes), alt texts, focal point, removal. Every post to an
// existing category is read from the stream (http-guards.server.ts isUploadPath lists the path).

/** The whole form is read from the stream: the file to 20 MB, the body a little past it. */
const TILE_UPLOAD_LIMITS: UploadLimits = {
  fileBytes: MAX_IMAGE_BYTES,
  fieldBytes: 4 * 1024,
  fields: 20,
  bodyBytes: MAX_IMAGE_BYTES + 256 * 1024,
  readAfterRefusal: 256 * 1024,
};

const FIELDS = ["it.name", "it.slug", "it.metaTitle", "it.metaDescription", "it.keywords", "en.name", "en.slug", "en.metaTitle", "en.metaDescription", "en.keywords", "parentId"] as const;

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const t = tns("atelier-merch");
  // atelier-photos: the image pipeline's refusals (IMAGE_*) are its messages.
  const texts = pickTexts(locale, ["atelier-merch", "atelier-photos"]);
  if (id === null) {
    const parents = await getParentOptions(db, locale, null);
    // "New subcategory of …": ?parent=ID preselects the parent when it is one of the options.
    const wanted = idParam(new URL(request.url).searchParams.get("parent") ?? undefined);
    const parentId = parents.some((p) => p.id === wanted) ? wanted : null;
    return { category: null, tile: null, parents, defaultParentId: parentId, title: t("categories.meta.new"), texts };
  }
  const category = await getCategoryEditor(db, id, locale);
  if (!category) throw notFound();
  const tile = await getCategoryTile(db, id);
  return { category, tile, parents: category.parents, defaultParentId: category.parentId, title: t("categories.meta.edit", { name: category.texts[locale].name }), texts };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, env, staff: viewer } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  if (id === null) return saveNew(context, await readFormData(request), viewer);

  // Every post is read as a stream (never request.formData(), which would hold all of it).
  const read = await readForm(request, { fileField: TILE_FIELD, limits: TILE_UPLOAD_LIMITS, sniff: mayBeImage });
  if (read.status === "malformed") throw data({ message: "atelier-photos:errors.malformed" }, { status: 400 });
  // The file's first bytes are no image: refused before the rest is read (closing the connection if much is left).
  if (read.status === "refused") {
    const result = { status: "error" as const, initialValue: Object.fromEntries(read.fields), error: { [TILE_FIELD]: ["atelier-photos:errors.type"] } };
    return data({ result }, { status: 400, headers: read.complete ? {} : { Connection: "close" } });
  }
  const headers: HeadersInit = read.bodyTruncated ? { Connection: "close" } : {};
  const formData = new FormData();
  for (const [name, value] of read.fields) formData.append(name, value);
  const submission = parseIntentForm(formData, CategoryEditorSchema, CATEGORY_EDITOR_INTENTS);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  const actor = staffActor(viewer);
  const storage = getMediaStorage(env);
  const back = () => redirect(atelierHref(context, `/atelier/categories/${id}`), 303);
  try {
    if (form.intent === "tile-upload") {
      if (!read.file) return data({ result: submission.reply({ fieldErrors: { [TILE_FIELD]: ["atelier-photos:errors.required"] } }) }, { status: 400, headers });
      if (read.file.truncated) return data({ result: submission.reply({ fieldErrors: { [TILE_FIELD]: ["atelier-photos:errors.tooLarge"] } }) }, { status: 413, headers });
      await setCategoryTile(db, storage, { categoryId: id, bytes: read.file.bytes, altIt: form.tileAltIt, altEn: form.tileAltEn, actor });
      addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.tile.uploaded" });
      throw back();
    }
    if (form.intent === "tile-update") {
      await updateCategoryTile(db, { categoryId: id, altIt: form.tileAltIt, altEn: form.tileAltEn, focal: { x: form.focalX / 100, y: form.focalY / 100 }, actor });
      addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.tile.updated" });
      throw back();
    }
    if (form.intent === "tile-remove") {
      await removeCategoryTile(db, storage, { categoryId: id, actor });
      addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.tile.removed" });
      throw back();
    }
    if (form.intent === "delete") {
      await deleteCategory(db, id, actor, undefined, storage);
      addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.deleted" });
      throw redirect(atelierHref(context, "/atelier/categories"), 303);
    }
    await updateCategory(db, id, { parentId: form.parentId ?? null, texts: { it: form.it, en: form.en } }, actor);
    addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.saved" });
    throw back();
  } catch (error) {
    if (error instanceof Response) throw error;
    // A category (or tile) that is not there (forged, or removed in another tab): the error table's 404 page.
    return formError(submission, error);
  }
}

/** /atelier/categories/new: an ordinary form (no file). */
async function saveNew(context: Route.ActionArgs["context"], formData: FormData, viewer: StaffViewer) {
  const { db } = getRequestContext(context);
  const submission = parseIntentForm(formData, CategoryEditorSchema, ["save"]);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  if (form.intent !== "save") throw data({ message: "Unknown intent." }, { status: 400 });
  try {
    const created = await createCategory(db, { parentId: form.parentId ?? null, texts: { it: form.it, en: form.en } }, staffActor(viewer));
    addStaffNotice(context, { kind: "success", key: "atelier-merch:categories.created" });
    throw redirect(atelierHref(context, `/atelier/categories/${created}`), 303);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
}

/** Private, and the action's Connection: close (an upload refused before its end) passed on. */
export const headers = pageHeaders("private", { passOn: ["Connection"] });

type Data = Route.ComponentProps["loaderData"];

export default function AtelierCategory({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-merch");
  const { href, locale } = useLocale();
  const { category } = loaderData;
  const result = actionData?.result as SubmissionResult<string[]> | undefined;
  const intent = result?.initialValue?.intent;
  const deleting = intent === "delete";
  const tileIntent = typeof intent === "string" && intent.startsWith("tile-");
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
      <CategoryForm data={loaderData} result={deleting || tileIntent ? undefined : result} />
      {category ? (
        <>
          <TileSection tile={loaderData.tile} result={tileIntent ? result : undefined} />
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
        {category ? null : <p className="mt-3 text-sm text-stone">{t("categories.tileImage")}</p>}
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

/**
 * The tile photograph: the current one (its crop, state, alt texts and focal point, removal) and
 * the upload that puts up or replaces it. Without a photograph the home page shows the drawing.
 */
function TileSection({ tile, result }: { tile: AtelierTile | null; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("atelier-merch");
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const uploadRef = useFormRef();
  const uploadResult = result?.initialValue?.intent === "tile-upload" ? result : undefined;
  const upload = useFormKit("tile-upload", uploadResult, ["tileAltIt", "tileAltEn", TILE_FIELD], uploadRef, tile ? `${tile.width}x${tile.height}|${tile.altIt}` : "none");
  const updateRef = useFormRef();
  const updateResult = result?.initialValue?.intent === "tile-update" ? result : undefined;
  const update = withStoredValues(useFormKit("tile-update", updateResult, ["tileAltIt", "tileAltEn", "focalX", "focalY"], updateRef), updateResult, {
    tileAltIt: tile?.altIt ?? "",
    tileAltEn: tile?.altEn ?? "",
    focalX: String(tile?.focalX ?? 50),
    focalY: String(tile?.focalY ?? 50),
  });
  const tone = tile?.status === "ready" ? "good" : tile?.status === "failed" ? "bad" : "attention";
  return (
    <section aria-labelledby="tile-title" className="mt-10 border border-line bg-paper p-4">
      <h2 id="tile-title" className="mb-2 text-xl">
        {t("categories.tile.title")}
      </h2>
      <p className="mb-4 text-sm text-stone">{t("categories.tile.intro")}</p>
      <div className="grid items-start gap-6 desk:grid-cols-[minmax(0,1fr)_22rem]">
        {tile ? (
          <div className="grid gap-4 sm:grid-cols-[10rem_minmax(0,1fr)]">
            <div>
              {tile.image ? (
                <div className="w-40 bg-sand">
                  <Picture image={tile.image} sizes="160px" alt="" className="block h-auto w-full" />
                </div>
              ) : (
                <div className="flex aspect-[4/5] w-40 items-center justify-center bg-sand p-3 text-center text-xs text-stone">{t("categories.tile.noPreview")}</div>
              )}
              <p className="mt-2 text-xs text-stone">{t("categories.tile.size", { width: tile.width, height: tile.height })}</p>
            </div>
            <div className="grid min-w-0 gap-4">
              <p>
                <StatusBadge tone={tone}>{t(`categories.tile.status.${tile.status}`)}</StatusBadge>
              </p>
              {tile.status === "failed" && tile.error ? <p className="text-sm text-sale">{tile.error}</p> : null}
              <Form method="post" ref={updateRef} noValidate={update.hydrated} className="grid gap-3 sm:grid-cols-2">
                <input type="hidden" name="intent" value="tile-update" />
                <div className="sm:col-span-2">
                  <FormErrors kit={update} />
                </div>
                <TextField kit={update} name="tileAltIt" label={t("categories.tile.altIt")} maxLength={300} />
                <TextField kit={update} name="tileAltEn" label={t("categories.tile.altEn")} maxLength={300} />
                <TextField kit={update} name="focalX" label={t("categories.tile.focalX")} type="number" min={0} max={100} step="any" inputMode="decimal" />
                <TextField kit={update} name="focalY" label={t("categories.tile.focalY")} type="number" min={0} max={100} step="any" inputMode="decimal" />
                <p className="text-xs text-stone sm:col-span-2">{t("categories.tile.focusHint")}</p>
                <div className="sm:col-span-2">
                  <SubmitButton pending={busy("tile-update")} pendingLabel={t("categories.saving")} className="btn btn-secondary">
                    {t("categories.tile.save")}
                  </SubmitButton>
                </div>
              </Form>
              <Form method="post" className="border-t border-line pt-3">
                <input type="hidden" name="intent" value="tile-remove" />
                <button type="submit" className="btn btn-secondary min-h-11 px-3 text-sm text-sale">
                  {t("categories.tile.remove")}
                </button>
              </Form>
            </div>
          </div>
        ) : (
          <p className="border border-line p-4 text-sm text-stone">{t("categories.tile.none")}</p>
        )}
        <UploadForm
          kit={upload}
          formRef={uploadRef}
          intent="tile-upload"
          heading={<h3 className="font-sans text-base font-medium">{t(tile ? "categories.tile.replaceTitle" : "categories.tile.uploadTitle")}</h3>}
          file={{ name: TILE_FIELD, label: t("categories.tile.file"), hint: t("categories.tile.fileHint") }}
          pending={busy("tile-upload")}
          pendingLabel={t("categories.tile.uploading")}
          submitLabel={t(tile ? "categories.tile.replace" : "categories.tile.upload")}
          className="grid gap-4 border border-line p-4"
        >
          <TextField kit={upload} name="tileAltIt" label={t("categories.tile.altIt")} maxLength={300} hint={t("categories.tile.altHint")} />
          <TextField kit={upload} name="tileAltEn" label={t("categories.tile.altEn")} maxLength={300} />
        </UploadForm>
      </div>
    </section>
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
    <ConfirmCard
      id="delete-category-title"
      title={t("categories.delete.title")}
      intro={t("categories.delete.intro")}
      intent="delete"
      kit={kit}
      formRef={ref}
      pending={pending}
      pendingLabel={t("categories.delete.pending")}
      submitLabel={t("categories.delete.submit")}
      className="mt-10 max-w-xl"
    >
      <p className="text-sm">
        {t("categories.facts", { products: t("categories.products", { count: category.products }), children: t("categories.children", { count: category.children }) })}
      </p>
      {blocked ? <p className="text-sm">{t("categories.delete.blocked")}</p> : null}
    </ConfirmCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
