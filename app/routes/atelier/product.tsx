import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/product";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { MarkdownField } from "~/components/atelier/markdown-field";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { ProductStateBadge } from "~/components/atelier/product-state-badge";
import { FormErrors, type FormKit, TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { SaveButton, SelectField, TextAreaField, withStoredValues } from "~/components/atelier/editor-kit";
import { Section } from "~/components/atelier/kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { SLUG_MAX_LENGTH } from "~/modules/catalog/catalog-rules";
import { EDITABLE_STATUSES, META_DESCRIPTION_MAX, META_TITLE_MAX, PRODUCT_DESCRIPTION_MAX, PRODUCT_DETAIL_MAX, PRODUCT_FIELDS, PRODUCT_LOCALES, PRODUCT_NAME_MAX, productFormSchema } from "~/modules/catalog/product-admin.schema";
import { utcToRomeLocal } from "~/utils/rome-time";
import { type ProductInput, createProduct, getProductForEdit, productEditorChoices, updateProduct } from "~/modules/catalog/product-admin.service.server";
import { productState } from "~/modules/catalog/product-status";
import { productUrl } from "~/modules/catalog/product.service.server";
import { renderPreviews } from "~/modules/content/markdown.server";
import { GARMENTS } from "~/modules/media/garment-art";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, optionalIdParam } from "~/utils/id-param";

// /atelier/products/new and /atelier/products/:id: a product's editor. Its texts in Italian and
// English (name, slug, Markdown description with a preview rendered by the storefront's own
// renderer, composition, care, SEO title and description), its category, maker (GPSR) and drawing
// kind, its status and publication time (typed in Italy's time, stored in UTC). One POST form:
// intent=save saves through the product service (audit entry, storefront refreshed, 301s for a
// published slug changed), intent=preview renders the Markdown and saves nothing. Links lead to the
// product's variants and prices, its photographs, and the storefront's page as a shopper sees it.

const PREVIEW_FIELDS = PRODUCT_LOCALES.map((locale) => `description_${locale}`);

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const [product, choices] = await Promise.all([id === null ? null : getProductForEdit(db, id), productEditorChoices(db, locale)]);
  if (id !== null && !product) throw notFound();
  const t = tns("atelier-catalog");
  const now = new Date();
  const stored: Record<string, string> = product
    ? {
        categoryId: String(product.categoryId),
        manufacturerId: product.manufacturerId === null ? "" : String(product.manufacturerId),
        garment: product.garment,
        status: product.status,
        // A draft's date is its creation: left empty, publishing it shows it from then on.
        publishedAt: product.status === "published" || Date.parse(product.publishedAt) > now.getTime() ? utcToRomeLocal(product.publishedAt) : "",
        ...Object.fromEntries(
          PRODUCT_LOCALES.flatMap((l) => {
            const texts = product.texts[l];
            return [
              [`name_${l}`, texts?.name ?? ""],
              [`slug_${l}`, texts?.slug ?? ""],
              [`description_${l}`, texts?.description ?? ""],
              [`composition_${l}`, texts?.composition ?? ""],
              [`care_${l}`, texts?.care ?? ""],
              [`metaTitle_${l}`, texts?.metaTitle ?? ""],
              [`metaDescription_${l}`, texts?.metaDescription ?? ""],
            ];
          }),
        ),
      }
    : { status: "draft", garment: GARMENTS[0], categoryId: "", manufacturerId: "" };
  const name = product?.texts[locale]?.name ?? product?.texts.it?.name ?? "";
  return {
    id: id ?? null,
    stored,
    state: product ? productState(product.status, product.publishedAt, now) : null,
    publishedAt: product?.publishedAt ?? null,
    variantCount: product?.variantCount ?? 0,
    shopUrls: product ? Object.fromEntries(PRODUCT_LOCALES.map((l) => [l, product.texts[l] ? productUrl(product.texts[l]!.slug, l) : null])) : null,
    audit: product?.audit ?? [],
    ...choices,
    garments: [...GARMENTS],
    title: product ? t("editor.titleEdit", { name }) : t("editor.titleNew"),
    texts: pickTexts(locale, ["atelier-catalog"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (intent !== "save" && intent !== "preview") throw data({ message: "Unknown intent." }, { status: 400 });
  if (id !== null && !(await getProductForEdit(db, id))) throw notFound();
  const submission = parseForm(formData, productFormSchema(GARMENTS));
  // The preview saves nothing: the texts as shoppers will see them, and everything typed kept.
  if (intent === "preview") return { result: submission.reply(), previews: renderPreviews(submission.payload, PREVIEW_FIELDS) };
  if (submission.status !== "success") return invalidForm(submission);
  const v = submission.value as unknown as Record<string, string> & { categoryId: number; manufacturerId: number | null; garment: string; status: ProductInput["status"]; publishedAt: string | null };
  const input: ProductInput = {
    categoryId: v.categoryId,
    manufacturerId: v.manufacturerId,
    garment: v.garment,
    status: v.status,
    publishedAt: v.publishedAt,
    texts: Object.fromEntries(
      PRODUCT_LOCALES.map((l) => [
        l,
        {
          name: v[`name_${l}`],
          slug: v[`slug_${l}`],
          description: v[`description_${l}`],
          composition: v[`composition_${l}`],
          care: v[`care_${l}`],
          metaTitle: v[`metaTitle_${l}`],
          metaDescription: v[`metaDescription_${l}`],
        },
      ]),
    ) as ProductInput["texts"],
  };
  let saved = id;
  try {
    if (id === null) saved = await createProduct(db, input, staffActor(viewer));
    else await updateProduct(db, id, input, staffActor(viewer));
  } catch (error) {
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: id === null ? "atelier-catalog:editor.created" : "atelier-catalog:editor.saved" });
  throw redirect(atelierHref(context, `/atelier/products/${saved}`), 303);
}

export const headers = privatePageHeaders;

type LoaderData = Route.ComponentProps["loaderData"];

export default function AtelierProduct({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-catalog");
  const { href } = useLocale();
  const formRef = useFormRef();
  const result = actionData?.result;
  const kit = withStoredValues(useFormKit("product", result, PRODUCT_FIELDS, formRef), result, loaderData.stored);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const previews = actionData && "previews" in actionData ? actionData.previews : undefined;
  const { id, state } = loaderData;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/products")} className="link">
          <span aria-hidden="true">← </span>
          {t("editor.back")}
        </Link>
      </p>
      <PageHeader
        title={loaderData.title}
        description={state ? <ProductStateBadge state={state} /> : t("editor.newIntro")}
        actions={
          <>
            {id ? <ProductLinks data={loaderData} /> : null}
            {/* Before the form in the page, so it is the button Enter presses: saving, not a preview. */}
            <SaveButton form="product-form" pending={pending} label={id ? t("editor.save") : t("editor.create")} pendingLabel={t("editor.saving")} />
          </>
        }
      />
      <Form method="post" id="product-form" ref={formRef} noValidate={kit.hydrated} className="space-y-10" aria-labelledby="page-title">
        <FormErrors kit={kit} />
        <div className="grid gap-10 desk:grid-cols-2 desk:gap-8">
          {PRODUCT_LOCALES.map((l) => (
            <LanguageTexts key={l} kit={kit} lang={l} previews={previews} />
          ))}
        </div>
        <Section id="product-facts" title={t("editor.facts")} headingClassName="mb-4 text-2xl">
          <div className="grid gap-5 sm:grid-cols-3">
            <SelectField kit={kit} name="categoryId" label={t("editor.category")} required>
              <option value="">{t("editor.choose")}</option>
              {loaderData.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </SelectField>
            <SelectField kit={kit} name="manufacturerId" label={t("editor.manufacturer")} hint={t("editor.manufacturerHint")}>
              <option value="">{t("editor.noManufacturer")}</option>
              {loaderData.manufacturers.map((m) => (
                <option key={m.id} value={m.id}>
                  {`${m.name} (${m.countryCode.trim()})`}
                </option>
              ))}
            </SelectField>
            {/* Garment and status start on a real choice, so they always have a value: `required` there is invalid HTML. */}
            <SelectField kit={kit} name="garment" label={t("editor.garment")} hint={t("editor.garmentHint")}>
              {loaderData.garments.map((g) => (
                <option key={g} value={g}>
                  {t(`garments.${g}` as never, { defaultValue: g }) as string}
                </option>
              ))}
            </SelectField>
          </div>
        </Section>
        <Section id="product-publication" title={t("editor.publication")} headingClassName="mb-4 text-2xl">
          <div className="grid gap-5 sm:grid-cols-2">
            <SelectField kit={kit} name="status" label={t("editor.status")} hint={id && loaderData.variantCount === 0 ? t("editor.statusNoVariants") : t("editor.statusHint")}>
              {EDITABLE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`editor.statuses.${s}`)}
                </option>
              ))}
            </SelectField>
            <TextField kit={kit} name="publishedAt" type="datetime-local" label={t("editor.publishedAt")} hint={t("editor.publishedAtHint")} />
          </div>
        </Section>
        <div className="flex flex-wrap items-center gap-3 border-t border-line pt-5">
          <SaveButton form="product-form" pending={pending} label={id ? t("editor.save") : t("editor.create")} pendingLabel={t("editor.saving")} />
        </div>
      </Form>
      {id ? <AuditTrail entries={loaderData.audit} /> : null}
    </>
  );
}

function LanguageTexts({ kit, lang, previews }: { kit: FormKit; lang: "it" | "en"; previews?: Record<string, string> }) {
  const { t } = useTranslation("atelier-catalog");
  const language = t(`editor.languages.${lang}`);
  const label = (key: "name" | "slug" | "description" | "composition" | "care" | "metaTitle" | "metaDescription") => `${t(`editor.${key}`)} (${language})`;
  return (
    <fieldset className="min-w-0 space-y-5 border border-line bg-paper p-4">
      <legend className="px-1 text-lg font-medium">{language}</legend>
      <TextField kit={kit} name={`name_${lang}`} label={label("name")} required maxLength={PRODUCT_NAME_MAX} lang={lang} />
      <TextField kit={kit} name={`slug_${lang}`} label={label("slug")} hint={t("editor.slugHint")} maxLength={SLUG_MAX_LENGTH} autoComplete="off" spellCheck={false} />
      <MarkdownField kit={kit} name={`description_${lang}`} label={label("description")} previewHtml={previews?.[`description_${lang}`]} maxLength={PRODUCT_DESCRIPTION_MAX} lang={lang} rows={8} />
      <TextAreaField kit={kit} name={`composition_${lang}`} label={label("composition")} maxLength={PRODUCT_DETAIL_MAX} rows={2} lang={lang} />
      <TextAreaField kit={kit} name={`care_${lang}`} label={label("care")} maxLength={PRODUCT_DETAIL_MAX} rows={3} lang={lang} />
      <TextField kit={kit} name={`metaTitle_${lang}`} label={label("metaTitle")} hint={t("editor.metaTitleHint")} maxLength={META_TITLE_MAX} lang={lang} />
      <TextAreaField kit={kit} name={`metaDescription_${lang}`} label={label("metaDescription")} maxLength={META_DESCRIPTION_MAX} rows={2} lang={lang} />
    </fieldset>
  );
}

/** Where else the product is edited, and how shoppers see it. */
function ProductLinks({ data: loaded }: { data: LoaderData }) {
  const { t } = useTranslation("atelier-catalog");
  const { href, locale } = useLocale();
  const shopUrl = loaded.shopUrls?.[locale] ?? loaded.shopUrls?.it;
  return (
    <nav aria-label={t("editor.linksLabel")} className="text-sm">
      <ul className="flex flex-wrap items-center gap-2">
        <li>
          <Link to={href(`/atelier/products/${loaded.id}/variants`)} className="btn btn-secondary">
            {t("editor.variants", { count: loaded.variantCount })}
          </Link>
        </li>
        <li>
          <Link to={href(`/atelier/products/${loaded.id}/photos`)} className="btn btn-secondary">
            {t("editor.photos")}
          </Link>
        </li>
        <li>
          <Link to={href(`/atelier/products/${loaded.id}/sizing`)} className="btn btn-secondary">
            {t("editor.sizing")}
          </Link>
        </li>
        <li>
          <Link to={href(`/atelier/products/${loaded.id}/stores`)} className="btn btn-secondary">
            {t("editor.storeStock")}
          </Link>
        </li>
        {shopUrl && loaded.variantCount > 0 ? (
          <li>
            {/* The storefront's own page, in a new tab: staff's cookie lets it show a draft. */}
            <a href={loaded.state === "published" ? shopUrl : `${shopUrl}?preview=1`} target="_blank" rel="noopener" className="btn btn-secondary">
              {loaded.state === "published" ? t("editor.viewInShop") : t("editor.previewAsShopper")}
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
