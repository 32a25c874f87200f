import { Fragment } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/content-editor";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { ContentStateBadge } from "~/components/atelier/content-state-badge";
import { MarkdownField } from "~/components/atelier/markdown-field";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { Picture } from "~/components/catalog/product-card";
import { FormErrors, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { UploadForm } from "~/components/atelier/kit";
import { SaveButton, SelectField, TextAreaField, withStoredValues } from "~/components/atelier/editor-kit";
import type { Locale } from "~/db/schema";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { serverT } from "~/i18n/texts.server";
import { getAtelierContext, getRequestContext } from "~/middleware/request-context.server";
import {
  CONTENT_IMAGE_FIELD,
  CONTENT_IMAGE_INTENTS,
  CONTENT_LIMITS,
  CONTENT_PLACEHOLDERS,
  type ContentKind,
  ContentImageSchema,
  contentEditorSchema,
  isContentKind,
  isCreatableKind,
  parseContentKey,
} from "~/modules/content/content-editor.schema";
import { type AtelierContentImage, addContentImage, getContentImages, kindHasCover, removeContentImage } from "~/modules/content/content-images.service.server";
import { type UploadLimits, readForm } from "~/modules/career/career-upload.server";
import { MAX_IMAGE_BYTES, mayBeImage } from "~/modules/media/image-pipeline.server";
import { getMediaStorage } from "~/modules/media/storage.server";
import { CONTENT_COVERS, type ContentInput, contentKeeps, contentLocales, createContentEntry, getContentEntry, renderContentPreviews, updateContentEntry } from "~/modules/content/content-editor.service.server";
import { contentUrl } from "~/modules/content/content.service.server";
import { SLUG_MAX_LENGTH } from "~/modules/catalog/catalog-rules";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { utcToRomeLocal } from "~/utils/rome-time";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound } from "~/utils/id-param";
import { pageHeaders } from "~/utils/cache-policy";

// /atelier/content/new?kind=blog|care|inside and /atelier/content/:kind/:key: an entry's two
// languages side by side (stacked on a phone), each with its title, slug, excerpt, Markdown body
// with a preview rendered by the storefront's renderer, and SEO fields; the state (draft or
// published, a later date is scheduled), the date and the drawn cover. Static pages keep their
// address, languages and publication (app/modules/base/static-pages.ts): only their texts are edited here.
// An existing entry's pictures come from the photograph pipeline (docs/decisions/023): a cover
// photograph (journal, care guide, stories; the drawn cover stays the fallback) and body images,
// each given as a Markdown snippet to paste into the body. Every post to an existing entry is read
// from the stream (http-guards.server.ts isUploadPath lists the path): 20 MB for a picture.

/** The whole form read from the stream: a picture to 20 MB, the texts (two bodies of 100 000 characters) beside it. */
const CONTENT_UPLOAD_LIMITS: UploadLimits = {
  fileBytes: MAX_IMAGE_BYTES,
  fieldBytes: 512 * 1024,
  fields: 40,
  bodyBytes: MAX_IMAGE_BYTES + 2 * 1024 * 1024,
  readAfterRefusal: 256 * 1024,
};

/** What the URL names: a new entry of a kind, or an existing entry; anything else is a 404. */
function targetOf(params: { kind?: string; key?: string }, url: URL): { kind: ContentKind; key: string | null } {
  if (params.kind === undefined) {
    const kind = url.searchParams.get("kind");
    if (!isCreatableKind(kind)) throw notFound();
    return { kind, key: null };
  }
  const key = parseContentKey(params.key);
  if (!isContentKind(params.kind) || key === null) throw notFound();
  return { kind: params.kind, key };
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const { kind, key } = targetOf(params, new URL(request.url));
  const entry = key === null ? null : await getContentEntry(db, kind, key);
  if (key !== null && !entry) throw notFound();
  const t = tns("atelier-content");
  const locales = entry?.locales ?? contentLocales(kind, null);
  const stored: Record<string, string> = { status: entry?.status ?? "draft", publishedAt: entry ? utcToRomeLocal(entry.publishedAt) : "", cover: entry?.cover ?? "" };
  for (const l of locales) {
    const text = entry?.translations[l];
    Object.assign(stored, {
      [`${l}.title`]: text?.title ?? "",
      [`${l}.slug`]: text?.slug ?? "",
      [`${l}.excerpt`]: text?.excerpt ?? "",
      [`${l}.body`]: text?.body ?? "",
      [`${l}.metaTitle`]: text?.metaTitle ?? "",
      [`${l}.metaDescription`]: text?.metaDescription ?? "",
      [`${l}.keywords`]: text?.keywords ?? "",
    });
  }
  return {
    kind,
    key,
    locales,
    stored,
    state: entry?.state ?? null,
    urls: Object.fromEntries(locales.map((l) => [l, entry?.translations[l]?.url ?? null])) as Partial<Record<Locale, string | null>>,
    /** The address before a slug ("/blog/", "/en/careguide/", "/inside-"). */
    prefixes: Object.fromEntries(locales.map((l) => [l, contentUrl(kind, "", l)])) as Partial<Record<Locale, string>>,
    keeps: entry?.keeps ?? [],
    covers: CONTENT_COVERS,
    audit: entry?.audit ?? [],
    images: key === null ? null : await getContentImages(db, kind, key),
    hasCover: kindHasCover(kind),
    title: entry ? (entry.translations.it ?? Object.values(entry.translations)[0])?.title : t(`editor.new.${kind as "blog" | "care" | "inside"}`),
    // atelier-photos: the image pipeline's refusals (IMAGE_*) are its messages.
    texts: pickTexts(locale, ["atelier-content", "atelier-photos"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, env, staff: viewer } = getAtelierContext(context);
  const { kind, key } = targetOf(params, new URL(request.url));
  const locales = contentLocales(kind, key);
  const schema = contentEditorSchema({ kind, locales, keeps: key ? contentKeeps(kind, key) : [] });
  if (key !== null && !(await getContentEntry(db, kind, key))) throw notFound();
  let formData: FormData;
  if (key === null) formData = await readFormData(request);
  else {
    // Every post is read as a stream (never request.formData(), which would hold all of it).
    const read = await readForm(request, { fileField: CONTENT_IMAGE_FIELD, limits: CONTENT_UPLOAD_LIMITS, sniff: mayBeImage });
    if (read.status === "malformed") throw data({ message: "atelier-photos:errors.malformed" }, { status: 400 });
    // The file's first bytes are no image: refused before the rest is read (closing the connection if much is left).
    if (read.status === "refused") {
      const result = { status: "error" as const, initialValue: Object.fromEntries(read.fields), error: { [CONTENT_IMAGE_FIELD]: ["atelier-photos:errors.type"] } };
      return data({ result }, { status: 400, headers: read.complete ? {} : { Connection: "close" } });
    }
    formData = new FormData();
    for (const [name, value] of read.fields) formData.append(name, value);
    if ((CONTENT_IMAGE_INTENTS as readonly unknown[]).includes(formData.get("intent"))) {
      return imageAction(context, { kind, key, formData, file: read.file, headers: read.bodyTruncated ? { Connection: "close" } : {}, actor: staffActor(viewer), storage: getMediaStorage(env) });
    }
  }
  const submission = parseIntentForm(formData, schema, ["save", "preview"]);
  if (submission.payload.intent === "preview") {
    // Nothing is saved: the typed values come back with each language's body as shoppers will read it.
    const payload = submission.payload as Record<string, unknown>;
    const bodies = Object.fromEntries(locales.map((l) => [l, (payload[l] as Record<string, unknown> | undefined)?.body ?? payload[`${l}.body`]]));
    const previews = await renderContentPreviews(db, bodies, (l) => serverT(l, "content"));
    return { result: submission.reply(), previews };
  }
  if (submission.status !== "success" || submission.value.intent !== "save") return invalidForm(submission);
  const value = submission.value as Extract<typeof submission.value, { intent: "save" }> & Record<Locale, ContentInput["translations"][Locale]>;
  const input: ContentInput = {
    translations: Object.fromEntries(locales.map((l) => [l, value[l]])),
    status: value.status,
    publishedAt: value.publishedAt,
    cover: value.cover,
  };
  let saved = key;
  try {
    if (key === null) {
      if (!isCreatableKind(kind)) throw notFound();
      saved = await createContentEntry(db, kind, input, staffActor(viewer));
    } else await updateContentEntry(db, kind, key, input, staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: key === null ? "atelier-content:editor.created" : "atelier-content:editor.saved" });
  throw redirect(atelierHref(context, `/atelier/content/${kind}/${saved}`), 303);
}

/** An existing entry's picture forms: a cover or body image uploaded, a picture removed. */
async function imageAction(
  context: Route.ActionArgs["context"],
  input: {
    kind: ContentKind;
    key: string;
    formData: FormData;
    file: { bytes: Uint8Array; truncated: boolean } | undefined;
    headers: HeadersInit;
    actor: ReturnType<typeof staffActor>;
    storage: ReturnType<typeof getMediaStorage>;
  },
) {
  const { db } = getRequestContext(context);
  const { kind, key, file, headers, actor, storage } = input;
  const submission = parseIntentForm(input.formData, ContentImageSchema, CONTENT_IMAGE_INTENTS);
  if (submission.status !== "success") {
    if (submission.payload.intent === "image-remove") throw data({ message: "Bad form." }, { status: 400 });
    return data({ result: submission.reply() }, { status: 400, headers });
  }
  const value = submission.value;
  let notice: string;
  try {
    if (value.intent === "image-remove") {
      await removeContentImage(db, storage, { kind, key, imageId: value.imageId, actor });
      notice = "removed";
    } else {
      if (!file) return data({ result: submission.reply({ fieldErrors: { [CONTENT_IMAGE_FIELD]: ["atelier-photos:errors.required"] } }) }, { status: 400, headers });
      if (file.truncated) return data({ result: submission.reply({ fieldErrors: { [CONTENT_IMAGE_FIELD]: ["atelier-photos:errors.tooLarge"] } }) }, { status: 413, headers });
      const role = value.intent === "cover-upload" ? "cover" : "body";
      await addContentImage(db, storage, { kind, key, role, bytes: file.bytes, altIt: value.imageAltIt, altEn: value.imageAltEn, actor });
      notice = role === "cover" ? "coverUploaded" : "uploaded";
    }
  } catch (error) {
    // A picture that is not the entry's (forged, or removed in another tab): the 404 page.
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: `atelier-content:images.${notice}` });
  throw redirect(atelierHref(context, `/atelier/content/${kind}/${key}`), 303);
}

/** Private, and the action's Connection: close (an upload refused before its end) passed on. */
export const headers = pageHeaders("private", { passOn: ["Connection"] });

const LOCALE_NAMES: Record<Locale, string> = { it: "Italiano", en: "English" };

export default function AtelierContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-content");
  const { href } = useLocale();
  const { kind, key, locales, stored, state, urls, prefixes, keeps, covers, audit, title, images, hasCover } = loaderData;
  const imageIntent = String((actionData?.result as { initialValue?: Record<string, unknown> } | undefined)?.initialValue?.intent ?? "");
  const imageResult = (CONTENT_IMAGE_INTENTS as readonly string[]).includes(imageIntent) ? actionData?.result : undefined;
  const formRef = useFormRef();
  const textFields = locales.flatMap((l) => ["title", "slug", "excerpt", "body", "metaTitle", "metaDescription", "keywords"].map((f) => `${l}.${f}`));
  const mainResult = imageResult ? undefined : actionData?.result;
  const base = useFormKit("content", mainResult, ["status", "publishedAt", "cover", ...textFields], formRef);
  const kit = withStoredValues(base, mainResult, stored);
  const previews = actionData && "previews" in actionData ? actionData.previews : undefined;
  const pending = useNavigation().state === "submitting";
  const isPage = kind === "page";
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={`${href("/atelier/content")}?kind=${kind}`} className="link">
          <span aria-hidden="true">← </span>
          {t("editor.back")}
        </Link>
      </p>
      <PageHeader
        title={title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{t(`kinds.${kind}`)}</span> {state ? <ContentStateBadge state={state} /> : null}
          </span>
        }
        actions={locales.map((l) =>
          urls[l] && state === "published" ? (
            <Fragment key={l}>
              <a href={urls[l]!} className="link text-sm" target="_blank" rel="noreferrer">
                {t("editor.view", { language: LOCALE_NAMES[l] })}
              </a>{" "}
            </Fragment>
          ) : null,
        )}
      />
      {images ? <ContentPictures images={images} hasCover={hasCover} result={imageResult} /> : null}
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-6" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <section aria-labelledby="publication" className="grid items-start gap-4 border border-line bg-paper p-4 sm:grid-cols-2 desk:grid-cols-[repeat(3,minmax(0,1fr))_auto]">
          <h2 id="publication" className="sr-only">
            {t("editor.publication")}
          </h2>
          {isPage ? (
            <p className="text-sm text-stone sm:col-span-2 desk:col-span-3">{t("editor.pageNote")}</p>
          ) : (
            <>
              <SelectField kit={kit} name="status" label={t("editor.status")}>
                <option value="draft">{t("editor.statusDraft")}</option>
                <option value="published">{t("editor.statusPublished")}</option>
              </SelectField>
              <TextField kit={kit} name="publishedAt" type="datetime-local" label={t("editor.publishedAt")} hint={t("editor.publishedAtHint")} />
              <SelectField kit={kit} name="cover" label={t("editor.cover")} hint={t("editor.coverHint")}>
                <option value="">{t("covers.atelier")}</option>
                {covers.map((cover) => (
                  <option key={cover} value={cover}>
                    {t(`covers.${cover}` as never, { defaultValue: cover }) as string}
                  </option>
                ))}
              </SelectField>
            </>
          )}
          <div className="self-end">
            <SaveButton pending={pending} label={key === null ? t("editor.create") : t("editor.save")} pendingLabel={t("editor.saving")} className="btn btn-primary w-full" />
          </div>
        </section>
        <p className="text-sm text-stone">
          {t("editor.placeholders")} <code className="break-words">{CONTENT_PLACEHOLDERS.map((name) => `{{${name}}}`).join(" ")}</code>
        </p>
        {keeps.length ? (
          <p className="border-l-2 border-warning pl-3 text-sm">
            {t("editor.keeps")} <code>{keeps.map((name) => `{{${name}}}`).join(" ")}</code>
          </p>
        ) : null}
        <div className={`grid gap-8 ${locales.length > 1 ? "desk:grid-cols-2" : "max-w-3xl"}`}>
          {locales.map((l) => (
            <fieldset key={l} lang={l} className="min-w-0 space-y-4 border border-line bg-paper p-4">
              <legend className="px-1 text-lg font-medium">{LOCALE_NAMES[l]}</legend>
              <TextField kit={kit} name={`${l}.title`} label={t("editor.title")} required maxLength={CONTENT_LIMITS.title} />
              {isPage ? (
                <p className="text-sm">
                  <span className="font-medium">{t("editor.address")}</span> <code>{urls[l]}</code>
                </p>
              ) : (
                <TextField kit={kit} name={`${l}.slug`} label={t("editor.slug")} hint={t("editor.slugHint", { prefix: prefixes[l] })} maxLength={SLUG_MAX_LENGTH} spellCheck={false} autoCapitalize="off" />
              )}
              <TextAreaField kit={kit} name={`${l}.excerpt`} label={t("editor.excerpt")} hint={t("editor.excerptHint")} rows={3} required maxLength={CONTENT_LIMITS.excerpt} />
              <MarkdownField kit={kit} name={`${l}.body`} label={t("editor.body")} rows={16} required maxLength={CONTENT_LIMITS.body} previewHtml={previews?.[`${l}.body`]} lang={l} />
              <details className="border-t border-line pt-3" open={Boolean(kit.errors(`${l}.metaTitle`) || kit.errors(`${l}.metaDescription`) || kit.errors(`${l}.keywords`))}>
                <summary className="cursor-pointer text-sm font-medium">{t("editor.seo")}</summary>
                <div className="mt-3 space-y-4">
                  <TextField kit={kit} name={`${l}.metaTitle`} label={t("editor.metaTitle")} hint={t("editor.metaTitleHint")} maxLength={CONTENT_LIMITS.metaTitle} />
                  <TextAreaField kit={kit} name={`${l}.metaDescription`} label={t("editor.metaDescription")} hint={t("editor.metaDescriptionHint")} rows={2} maxLength={CONTENT_LIMITS.metaDescription} />
                  <TextField kit={kit} name={`${l}.keywords`} label={t("editor.keywords")} maxLength={CONTENT_LIMITS.keywords} />
                </div>
              </details>
            </fieldset>
          ))}
        </div>
        <SaveButton pending={pending} label={key === null ? t("editor.create") : t("editor.save")} pendingLabel={t("editor.saving")} />
      </Form>
      {key !== null ? <AuditTrail entries={audit} /> : null}
    </>
  );
}

type ImageResult = Parameters<typeof useFormKit>[1];

/**
 * An existing entry's pictures: the cover photograph (shown instead of the drawn cover once
 * ready) and the body's images, each with its Markdown snippet to paste into a body.
 */
function ContentPictures({ images, hasCover, result }: { images: { cover: AtelierContentImage | null; body: AtelierContentImage[] }; hasCover: boolean; result: ImageResult }) {
  const { t } = useTranslation("atelier-content");
  const processing = (images.cover?.status === "pending") || images.body.some((image) => image.status === "pending");
  const forIntent = (intent: string) => ((result?.initialValue as Record<string, unknown> | undefined)?.intent === intent ? result : undefined);
  // A removal refused (a picture its body still shows): the message above the pictures.
  const removeRef = useFormRef();
  const removal = useFormKit("image-remove", forIntent("image-remove"), [], removeRef);
  return (
    <section aria-labelledby="pictures-title" className="mb-6 border border-line bg-paper p-4">
      <h2 id="pictures-title" className="mb-1 text-xl">
        {t("images.title")}
      </h2>
      <p className="mb-4 text-sm text-stone">{t("images.intro")}</p>
      <FormErrors kit={removal} />
      {processing ? (
        <p role="status" className="mb-4 border-l-4 border-warning px-4 py-2 text-sm">
          {t("images.processing")}
        </p>
      ) : null}
      <div className={`grid items-start gap-6 ${hasCover ? "desk:grid-cols-2" : ""}`}>
        {hasCover ? (
          <div className="grid gap-3">
            <h3 className="font-sans text-base font-medium">{t("images.coverTitle")}</h3>
            {images.cover ? <PictureRow image={images.cover} /> : <p className="text-sm text-stone">{t("images.noCover")}</p>}
            <UploadPicture intent="cover-upload" result={forIntent("cover-upload")} title={t(images.cover ? "images.replaceCover" : "images.uploadCover")} resetKey={String(images.cover?.id ?? "")} />
          </div>
        ) : null}
        <div className="grid gap-3">
          <h3 className="font-sans text-base font-medium">{t("images.bodyTitle")}</h3>
          {images.body.length ? (
            <ul className="grid gap-3">
              {images.body.map((image) => (
                <li key={image.id}>
                  <PictureRow image={image} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone">{t("images.noBody")}</p>
          )}
          <UploadPicture intent="image-upload" result={forIntent("image-upload")} title={t("images.uploadBody")} resetKey={String(images.body.length)} />
        </div>
      </div>
    </section>
  );
}

function PictureRow({ image }: { image: AtelierContentImage }) {
  const { t } = useTranslation("atelier-content");
  const tone = image.status === "ready" ? "good" : image.status === "failed" ? "bad" : "attention";
  return (
    <div className="grid grid-cols-[5rem_minmax(0,1fr)] gap-3 border border-line p-3">
      {image.image ? (
        <Picture image={image.image} sizes="80px" alt="" className="block h-auto w-20 bg-sand" />
      ) : (
        <div className="flex aspect-[4/5] w-20 items-center justify-center bg-sand p-1 text-center text-xs text-stone">{t("images.noPreview")}</div>
      )}
      <div className="grid min-w-0 gap-2 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <StatusBadge tone={tone}>{t(`images.status.${image.status}`)}</StatusBadge>
          <span className="text-xs text-stone">
            {image.width} × {image.height} px
          </span>
        </p>
        {image.status === "failed" && image.error ? <p className="text-sale">{image.error}</p> : null}
        {image.snippets ? (
          <div className="grid gap-1">
            {(["it", "en"] as const).map((l) => (
              <label key={l} className="grid gap-0.5 text-xs">
                <span className="text-stone">{t("images.snippet", { language: LOCALE_NAMES[l] })}</span>
                <input readOnly value={image.snippets![l]} className="field-input font-mono text-xs" onFocus={(event) => event.currentTarget.select()} />
              </label>
            ))}
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data">
          <input type="hidden" name="intent" value="image-remove" />
          <input type="hidden" name="imageId" value={image.id} />
          <button type="submit" className="btn btn-secondary min-h-11 px-3 text-sm text-sale">
            {t("images.remove")}
          </button>
        </Form>
      </div>
    </div>
  );
}

function UploadPicture({ intent, result, title, resetKey }: { intent: "cover-upload" | "image-upload"; result: ImageResult; title: string; resetKey: string }) {
  const { t } = useTranslation("atelier-content");
  const ref = useFormRef();
  const kit = useFormKit(intent, result, ["imageAltIt", "imageAltEn", CONTENT_IMAGE_FIELD], ref, resetKey);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <UploadForm
      kit={kit}
      formRef={ref}
      intent={intent}
      file={{ name: CONTENT_IMAGE_FIELD, label: title, hint: t("images.fileHint") }}
      pending={pending}
      pendingLabel={t("images.uploading")}
      submitLabel={t("images.upload")}
      submitClassName="btn btn-secondary"
      className="grid gap-3 border border-line p-3"
      label={title}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField kit={kit} name="imageAltIt" label={t("images.altIt")} maxLength={300} />
        <TextField kit={kit} name="imageAltEn" label={t("images.altEn")} maxLength={300} />
      </div>
    </UploadForm>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
