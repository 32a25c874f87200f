import { type MouseEvent, useEffect, useRef } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/product-photos";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { ColorSelect } from "~/components/atelier/editor-kit";
import { UploadForm } from "~/components/atelier/kit";
import { StatusBadge } from "~/components/atelier/status-badge";
import { Field, FormErrors, SubmitButton, TextField, controlProps, useFormKit, useFormRef, type FormActionData } from "~/components/ui/form-kit";
import { useHydrated } from "~/hooks/use-hydrated";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { type UploadLimits, readForm } from "~/modules/career/career-upload.server";
import { focalFromCropPoint, focalInCrop } from "~/modules/media/focal";
import { MAX_IMAGE_BYTES, mayBeImage } from "~/modules/media/image-pipeline.server";
import { PHOTO_FIELD, PHOTO_INTENTS, ProductPhotoSchema } from "~/modules/media/product-photos.schema";
import { type AtelierPhoto, addProductPhoto, deleteProductPhoto, getProductPhotosPage, isProcessing, moveProductPhoto, retryProductPhoto, setProductPhotoCover, setProductPhotoFocus, updateProductPhoto } from "~/modules/media/product-photos.service.server";
import { getMediaStorage } from "~/modules/media/storage.server";
import { formError, invalidForm, parseIntentForm } from "~/utils/form.server";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, requireIdParam } from "~/utils/id-param";
import { pageHeaders } from "~/utils/cache-policy";

// /atelier/products/:id/photos: a product's photographs (docs/decisions/023). Upload (a multipart
// form read as a stream, 20 MB, checked from its bytes), then per photograph: colour and alt
// texts, order, cover, focal point, retry after a failure, removal. Processing runs in the media
// worker: a new photograph reads "processing" until its variants are made (with JavaScript the
// page looks again every few seconds; without, a reload shows it). Staff and owners alike.

/** The whole form is read from the stream: the file to 20 MB, the body a little past it. */
const PHOTO_UPLOAD_LIMITS: UploadLimits = {
  fileBytes: MAX_IMAGE_BYTES,
  fieldBytes: 4 * 1024,
  fields: 12,
  bodyBytes: MAX_IMAGE_BYTES + 256 * 1024,
  readAfterRefusal: 256 * 1024,
};

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const productId = requireIdParam(params.id);
  const page = await getProductPhotosPage(db, productId, locale);
  if (!page) throw notFound();
  return {
    page,
    processing: isProcessing(page),
    title: tns("atelier-photos")("metaTitle", { name: page.product.name }),
    texts: pickTexts(locale, ["atelier-photos"]),
  };
}

type ActionResult = FormActionData["result"];

/** The form back with an error the schema did not find (no submission to reply with), the fields read kept. */
function refusal(error: Record<string, string[]>, fields: Array<[string, string]>, headers: HeadersInit = {}) {
  const result: ActionResult = { status: "error", initialValue: Object.fromEntries(fields), error };
  return data<FormActionData>({ result }, { status: 400, headers });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db, env, staff: viewer } = getAtelierContext(context);
  const productId = requireIdParam(params.id);

  // Every post is read as a stream (never request.formData(), which would hold all of it).
  const form = await readForm(request, { fileField: PHOTO_FIELD, limits: PHOTO_UPLOAD_LIMITS, sniff: mayBeImage });
  if (form.status === "malformed") throw data({ message: "atelier-photos:errors.malformed" }, { status: 400 });
  // The file's first bytes are no image: refused before the rest is read (closing the connection if much is left).
  if (form.status === "refused") return refusal({ [PHOTO_FIELD]: ["atelier-photos:errors.type"] }, form.fields, form.complete ? {} : { Connection: "close" });
  const headers: HeadersInit = form.bodyTruncated ? { Connection: "close" } : {};

  const formData = new FormData();
  for (const [name, value] of form.fields) formData.append(name, value);
  const submission = parseIntentForm(formData, ProductPhotoSchema, PHOTO_INTENTS);
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    // Only these forms have fields a person types; anything else invalid is a forged form.
    if (intent === "upload" || intent === "update" || intent === "focus") return invalidForm(submission);
    throw data({ message: "Bad form." }, { status: 400 });
  }
  const value = submission.value;
  const actor = staffActor(viewer);
  const storage = getMediaStorage(env);
  let notice: string;
  try {
    switch (value.intent) {
      case "upload": {
        if (!form.file) return data({ result: submission.reply({ fieldErrors: { [PHOTO_FIELD]: ["atelier-photos:errors.required"] } }) }, { status: 400, headers });
        // Too large: refused at its limit, the rest of the body unread (413, the connection closed).
        if (form.file.truncated) return data({ result: submission.reply({ fieldErrors: { [PHOTO_FIELD]: ["atelier-photos:errors.tooLarge"] } }) }, { status: 413, headers });
        await addProductPhoto(db, storage, { productId, bytes: form.file.bytes, color: value.color, altIt: value.altIt, altEn: value.altEn, actor });
        notice = "uploaded";
        break;
      }
      case "update":
        await updateProductPhoto(db, { productId, photoId: value.photoId, color: value.color, altIt: value.altIt, altEn: value.altEn, actor });
        notice = "updated";
        break;
      case "focus":
        await setProductPhotoFocus(db, { productId, photoId: value.photoId, focal: { x: value.focalX / 100, y: value.focalY / 100 }, actor });
        notice = "focus";
        break;
      case "move":
        await moveProductPhoto(db, { productId, photoId: value.photoId, direction: value.direction, actor });
        notice = "moved";
        break;
      case "cover":
        await setProductPhotoCover(db, { productId, photoId: value.photoId, actor });
        notice = "cover";
        break;
      case "delete":
        await deleteProductPhoto(db, storage, { productId, photoId: value.photoId, actor });
        notice = "deleted";
        break;
      case "retry":
        await retryProductPhoto(db, { productId, photoId: value.photoId, actor });
        notice = "retry";
        break;
    }
  } catch (error) {
    // A product or photograph that is not there (forged, or removed in another tab): the 404 page.
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: `atelier-photos:notices.${notice}` });
  throw redirect(atelierHref(context, `/atelier/products/${productId}/photos`), 303);
}

/** Private, and the action's Connection: close (an upload refused before its end) passed on. */
export const headers = pageHeaders("private", { passOn: ["Connection"] });

type PageData = Route.ComponentProps["loaderData"]["page"];

/** The form a failed answer belongs to: its intent, and its photograph for the per-photo forms. */
function resultFor(result: ActionResult | undefined, intent: string, photoId?: number): ActionResult | undefined {
  const initial = result?.initialValue as Record<string, unknown> | undefined;
  if (!result || initial?.intent !== intent) return undefined;
  return photoId === undefined || String(initial.photoId) === String(photoId) ? result : undefined;
}

export default function AtelierProductPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-photos");
  const { href } = useLocale();
  const { page, processing } = loaderData;
  const result = actionData?.result;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href(`/atelier/products/${page.product.id}`)} className="link">
          <span aria-hidden="true">← </span>
          {t("back")}
        </Link>
      </p>
      <PageHeader title={`${t("title")} · ${page.product.name}`} description={t("intro")} />
      <Poll active={processing} />
      <div className="grid items-start gap-8 desk:grid-cols-[minmax(0,1fr)_22rem]">
        <UploadPhoto colors={page.colors} result={resultFor(result, "upload")} count={page.photos.length} />
        <section aria-labelledby="photos-title" className="desk:col-start-1 desk:row-start-1">
          <h2 id="photos-title" className="mb-3 flex flex-wrap items-baseline gap-x-3 text-2xl">
            {t("list.title")} <span className="font-sans text-sm text-stone">{t("list.count", { count: page.photos.length })}</span>
          </h2>
          {processing ? (
            <p role="status" className="mb-4 border-l-4 border-warning bg-paper px-4 py-3 text-sm">
              {t("list.processingNote")}
            </p>
          ) : null}
          {page.photos.length === 0 ? (
            <p className="border border-line bg-paper p-4 text-sm text-stone">{t("list.empty")}</p>
          ) : (
            <ol className="grid gap-4">
              {page.photos.map((photo, index) => (
                <PhotoCard key={photo.id} photo={photo} n={index + 1} count={page.photos.length} colors={page.colors} result={result} />
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}

/**
 * With JavaScript, while a photograph is processing: the page's data again every three seconds,
 * by submitting an empty GET form to this page (a navigation that reruns the loader and keeps
 * what is typed; useRevalidator would add its code to the router chunk every shop page loads).
 */
function Poll({ active }: { active: boolean }) {
  const ref = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  // Never while another form is on its way: the new navigation would cut it off.
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (!active || busy) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === "visible") ref.current?.requestSubmit();
    }, 3_000);
    return () => window.clearInterval(timer);
  }, [active, busy]);
  return active && hydrated ? <Form method="get" replace preventScrollReset ref={ref} hidden aria-hidden="true" /> : null;
}

function UploadPhoto({ colors, result, count }: { colors: PageData["colors"]; result: ActionResult | undefined; count: number }) {
  const { t } = useTranslation("atelier-photos");
  const ref = useFormRef();
  // After an upload (with JavaScript the page stays) the form starts empty again.
  const kit = useFormKit("photo-upload", result, ["color", "altIt", "altEn", PHOTO_FIELD], ref, String(count));
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload";
  return (
    // First (above a long list on a phone), the right-hand column on a desktop.
    <section aria-labelledby="upload-title" className="border border-line bg-paper p-4 desk:sticky desk:top-4 desk:col-start-2 desk:row-start-1">
      <h2 id="upload-title" className="mb-3 text-xl">
        {t("upload.title")}
      </h2>
      <UploadForm
        kit={kit}
        formRef={ref}
        intent="upload"
        file={{ name: PHOTO_FIELD, label: t("upload.file"), hint: t("upload.hint") }}
        pending={pending}
        pendingLabel={t("upload.pending")}
        submitLabel={t("upload.submit")}
        className="grid gap-4"
      >
        <ColorSelect kit={kit} colors={colors} label={t("fields.color")} placeholder={t("fields.allColors")} />
        <TextField kit={kit} name="altIt" label={t("fields.altIt")} maxLength={300} hint={t("fields.altHint")} />
        <TextField kit={kit} name="altEn" label={t("fields.altEn")} maxLength={300} />
      </UploadForm>
    </section>
  );
}

function PhotoCard({ photo, n, count, colors, result }: { photo: AtelierPhoto; n: number; count: number; colors: PageData["colors"]; result: ActionResult | undefined }) {
  const { t } = useTranslation("atelier-photos");
  const navigation = useNavigation();
  const busy = (intent: string) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent && navigation.formData?.get("photoId") === String(photo.id);
  const detailsRef = useFormRef();
  const detailsResult = resultFor(result, "update", photo.id);
  const details = useFormKit(`photo-${photo.id}`, detailsResult, ["color", "altIt", "altEn"], detailsRef, `${photo.colorCode}|${photo.altIt}|${photo.altEn}`);
  const focusRef = useFormRef();
  const focusResult = resultFor(result, "focus", photo.id);
  const focus = useFormKit(`photo-${photo.id}-focus`, focusResult, ["focalX", "focalY"], focusRef, `${photo.focalX}|${photo.focalY}`);
  const tone = photo.status === "ready" ? "good" : photo.status === "failed" ? "bad" : "attention";
  // The kits show what was typed after a failed post, else the photograph's own values.
  const detailValue = (name: "color" | "altIt" | "altEn") => (detailsResult ? details.value(name) : name === "color" ? (photo.colorCode ?? "") : photo[name]);
  const focusValue = (name: "focalX" | "focalY") => (focusResult ? focus.value(name) : String(photo[name]));
  return (
    <li className="grid gap-4 border border-line bg-paper p-4 sm:grid-cols-[10rem_minmax(0,1fr)]" aria-labelledby={`photo-${photo.id}-title`}>
      <div>
        <Preview photo={photo} formRef={focusRef} />
        <p className="mt-2 text-xs text-stone">{t("list.size", { width: photo.width, height: photo.height })}</p>
      </div>
      <div className="grid min-w-0 gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`photo-${photo.id}-title`} className="font-sans text-base font-medium">
            {t("list.caption", { n })}
          </h3>
          <StatusBadge tone={tone}>{t(`status.${photo.status}`)}</StatusBadge>
          {photo.isCover ? <StatusBadge>{t("list.cover")}</StatusBadge> : null}
        </div>
        {photo.status === "failed" && photo.error ? <p className="text-sm text-sale">{photo.error}</p> : null}

        <Form method="post" ref={detailsRef} noValidate={details.hydrated} className="grid gap-3 sm:grid-cols-3">
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="photoId" value={photo.id} />
          <div className="sm:col-span-3">
            <FormErrors kit={details} />
          </div>
          <ColorSelect kit={details} colors={colors} label={t("fields.color")} placeholder={t("fields.allColors")} value={detailValue("color")} />
          <Field kit={details} name="altIt" label={t("fields.altIt")}>
            <input {...controlProps(details, "altIt")} key={details.resetKey} defaultValue={detailValue("altIt")} maxLength={300} className="field-input" />
          </Field>
          <Field kit={details} name="altEn" label={t("fields.altEn")}>
            <input {...controlProps(details, "altEn")} key={details.resetKey} defaultValue={detailValue("altEn")} maxLength={300} className="field-input" />
          </Field>
          <div className="sm:col-span-3">
            <SubmitButton pending={busy("update")} pendingLabel={t("list.saving")} className="btn btn-secondary">
              {t("list.save")}
            </SubmitButton>
          </div>
        </Form>

        <Form method="post" ref={focusRef} noValidate={focus.hydrated} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]" aria-describedby={`photo-${photo.id}-focus-hint`}>
          <input type="hidden" name="intent" value="focus" />
          <input type="hidden" name="photoId" value={photo.id} />
          <Field kit={focus} name="focalX" label={t("fields.focalX")}>
            <input {...controlProps(focus, "focalX")} key={focus.resetKey} type="number" min={0} max={100} step="any" inputMode="decimal" defaultValue={focusValue("focalX")} className="field-input" />
          </Field>
          <Field kit={focus} name="focalY" label={t("fields.focalY")}>
            <input {...controlProps(focus, "focalY")} key={focus.resetKey} type="number" min={0} max={100} step="any" inputMode="decimal" defaultValue={focusValue("focalY")} className="field-input" />
          </Field>
          <SubmitButton pending={busy("focus")} pendingLabel={t("list.saving")} className="btn btn-secondary">
            {t("list.saveFocus")}
          </SubmitButton>
          <p id={`photo-${photo.id}-focus-hint`} className="text-xs text-stone sm:col-span-3">
            {t("list.focusHint")}
          </p>
        </Form>

        <div className="flex flex-wrap gap-2 border-t border-line pt-3">
          <ActionButton photoId={photo.id} intent="move" extra={{ direction: "up" }} disabled={n === 1} label={t("list.up")} ariaLabel={t("list.upLabel", { n })} />
          <ActionButton photoId={photo.id} intent="move" extra={{ direction: "down" }} disabled={n === count} label={t("list.down")} ariaLabel={t("list.downLabel", { n })} />
          {photo.isCover ? null : <ActionButton photoId={photo.id} intent="cover" label={t("list.makeCover")} />}
          {photo.status === "failed" ? <ActionButton photoId={photo.id} intent="retry" label={t("list.retry")} /> : null}
          <ActionButton photoId={photo.id} intent="delete" label={t("list.delete")} ariaLabel={t("list.deleteLabel", { n })} danger />
        </div>
      </div>
    </li>
  );
}

function ActionButton({
  photoId,
  intent,
  extra = {},
  label,
  ariaLabel,
  disabled = false,
  danger = false,
}: {
  photoId: number;
  intent: string;
  extra?: Record<string, string>;
  label: string;
  ariaLabel?: string;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="photoId" value={photoId} />
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" disabled={disabled} aria-label={ariaLabel} className={`btn btn-secondary min-h-11 px-3 text-sm ${danger ? "text-sale" : ""}`}>
        {label}
      </button>
    </Form>
  );
}

/**
 * The current crop, with a marker on the focal point. With JavaScript a click on it puts the
 * point there (the form's two numbers; the owner then saves).
 */
function Preview({ photo, formRef }: { photo: AtelierPhoto; formRef: React.RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation("atelier-photos");
  const marker = useRef<SVGCircleElement>(null);
  const hydrated = useHydrated();
  if (!photo.image) {
    return <div className="flex aspect-[4/5] w-40 items-center justify-center bg-sand p-3 text-center text-xs text-stone">{t("list.noPreview")}</div>;
  }
  const current = { x: photo.focalX / 100, y: photo.focalY / 100 };
  const inCrop = focalInCrop(photo.width, photo.height, current);
  // The marker is drawn in an SVG the preview's size, not placed by a style attribute: the CSP
  // allows no inline styles (docs/decisions/019), and the server's HTML must show it in place.
  const { width: w, height: h } = photo.image;
  const pick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const at = { x: (event.clientX - box.left) / box.width, y: (event.clientY - box.top) / box.height };
    const next = focalFromCropPoint(photo.width, photo.height, current, at);
    const form = formRef.current;
    const set = (name: string, value: number) => {
      const input = form?.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = String(Math.round(value * 1000) / 10);
    };
    set("focalX", next.x);
    set("focalY", next.y);
    marker.current?.setAttribute("cx", String(at.x * w));
    marker.current?.setAttribute("cy", String(at.y * h));
  };
  const content = (
    <>
      <picture>
        {photo.image.sources?.map((source) => <source key={source.type} type={source.type} srcSet={source.srcSet} sizes="160px" />)}
        <img src={photo.image.src} srcSet={photo.image.srcSet} sizes="160px" width={photo.image.width} height={photo.image.height} alt="" className="block h-auto w-full" />
      </picture>
      <svg aria-hidden="true" focusable="false" viewBox={`0 0 ${w} ${h}`} className="pointer-events-none absolute inset-0 size-full overflow-visible drop-shadow">
        <circle ref={marker} cx={inCrop.x * w} cy={inCrop.y * h} r={w / 20} strokeWidth={w / 80} className="fill-terracotta/80 stroke-paper" />
      </svg>
    </>
  );
  // Without JavaScript a click could do nothing: the picture is no button then.
  if (!hydrated) return <div className="relative w-40 bg-sand">{content}</div>;
  return (
    <button type="button" onClick={pick} className="relative block w-40 cursor-crosshair bg-sand" aria-label={t("list.focusHint")} aria-describedby={`photo-${photo.id}-focus-hint`}>
      {content}
    </button>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
