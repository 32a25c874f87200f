import { Fragment, type ReactNode } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/content-editor";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { ContentStateBadge } from "~/components/atelier/content-state-badge";
import { MarkdownField } from "~/components/atelier/markdown-field";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Field, FormErrors, type FormKit, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { TextAreaField, withStoredValues } from "~/components/atelier/editor-kit";
import type { Locale } from "~/db/schema";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getRequestContext } from "~/middleware/request-context.server";
import { CONTENT_LIMITS, CONTENT_PLACEHOLDERS, type ContentKind, contentEditorSchema, isContentKind, isCreatableKind, parseContentKey } from "~/modules/content/content-editor.schema";
import {
  CONTENT_COVERS,
  type ContentInput,
  contentKeeps,
  contentLocales,
  createContentEntry,
  getContentEntry,
  renderContentPreviews,
  updateContentEntry,
} from "~/modules/content/content-editor.service.server";
import { contentUrl } from "~/modules/content/content.service.server";
import { SLUG_MAX_LENGTH } from "~/modules/catalog/catalog-rules";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { utcToRomeLocal } from "~/utils/rome-time";
import { addStaffNotice, atelierHref, requireStaff, staffActor } from "./staff-context.server";

// /atelier/content/new?kind=blog|care|inside and /atelier/content/:kind/:key: an entry's two
// languages side by side (stacked on a phone), each with its title, slug, excerpt, Markdown body
// with a preview rendered by the storefront's renderer, and SEO fields; the state (draft or
// published, a later date is scheduled), the date and the drawn cover. Static pages keep their
// address, languages and publication (static-pages.ts): only their texts are edited here.

const notFound = () => data({ message: "Not found" }, { status: 404 });

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
  requireStaff(context);
  const { db, locale, tns } = getRequestContext(context);
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
    title: entry ? (entry.translations.it ?? Object.values(entry.translations)[0])?.title : t(`editor.new.${kind as "blog" | "care" | "inside"}`),
    texts: pickTexts(locale, ["atelier-content"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const viewer = requireStaff(context);
  const { db, i18n } = getRequestContext(context);
  const { kind, key } = targetOf(params, new URL(request.url));
  const locales = contentLocales(kind, key);
  const schema = contentEditorSchema({ kind, locales, keeps: key ? contentKeeps(kind, key) : [] });
  if (key !== null && !(await getContentEntry(db, kind, key))) throw notFound();
  const submission = parseIntentForm(await readFormData(request), schema, ["save", "preview"]);
  if (submission.payload.intent === "preview") {
    // Nothing is saved: the typed values come back with each language's body as shoppers will read it.
    const payload = submission.payload as Record<string, unknown>;
    const bodies = Object.fromEntries(locales.map((l) => [l, (payload[l] as Record<string, unknown> | undefined)?.body ?? payload[`${l}.body`]]));
    const previews = await renderContentPreviews(db, bodies, (l) => i18n.getFixedT(l, "content"));
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

export const headers = privatePageHeaders;

const LOCALE_NAMES: Record<Locale, string> = { it: "Italiano", en: "English" };

export default function AtelierContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-content");
  const { href } = useLocale();
  const { kind, key, locales, stored, state, urls, prefixes, keeps, covers, audit, title } = loaderData;
  const formRef = useFormRef();
  const textFields = locales.flatMap((l) => ["title", "slug", "excerpt", "body", "metaTitle", "metaDescription", "keywords"].map((f) => `${l}.${f}`));
  const base = useFormKit("content", actionData?.result, ["status", "publishedAt", "cover", ...textFields], formRef);
  const kit = withStoredValues(base, actionData?.result, stored);
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

/** The save button (intent=save); the first in the form, so Enter in a field saves rather than previews. */
function SaveButton({ pending, label, pendingLabel, className = "btn btn-primary" }: { pending: boolean; label: string; pendingLabel: string; className?: string }) {
  return (
    <button type="submit" name="intent" value="save" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

/** A select in a Field: label above, hint and error below. */
function SelectField({ kit, name, label, hint, children }: { kit: FormKit; name: string; label: string; hint?: string; children: ReactNode }) {
  return (
    <Field kit={kit} name={name} label={label} hint={hint}>
      <select {...controlProps(kit, name, { hint: Boolean(hint) })} key={`${kit.resetKey}${kit.value(name)}`} defaultValue={kit.value(name)} className="field-input">
        {children}
      </select>
    </Field>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
