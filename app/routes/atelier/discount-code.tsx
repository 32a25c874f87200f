import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/discount-code";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { Field, FieldError, FormErrors, type FormKit, Hint, SubmitButton, TextField, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { TextAreaField, withStoredValues } from "~/components/atelier/editor-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { createDiscountCode, endDiscountCode, getDiscountCode, updateDiscountCode } from "~/modules/bag/discount-code-admin.service.server";
import { DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_KINDS } from "~/modules/bag/discount-code-rules";
import { DISCOUNT_CODE_INTENTS, DiscountCodeFormSchema } from "~/modules/bag/discount-code.schema";
import { getCategoryTree, type CategoryTreeItem } from "~/modules/catalog/category-admin.service.server";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formError, invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { toEuroInput } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { utcToRomeLocal } from "~/utils/rome-time";
import { z } from "~/utils/zod";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, optionalIdParam } from "~/utils/id-param";

// /atelier/discount-codes/new and /atelier/discount-codes/:id: a code's rule (percent, amount
// or free shipping; minimum; categories or products; limits overall and per customer; dates in
// Italy's time), how often orders used it, ending it now, and its history. The form works
// without JavaScript: categories are checkboxes, products a list of SKUs or slugs.

const FIELDS = ["code", "kind", "amount", "minSubtotal", "startsAt", "endsAt", "maxUses", "maxUsesPerCustomer", "categoryIds", "products"] as const;
const EndSchema = z.object({ intent: z.literal("end") });

/** The tree as one list, top down, for the categories' checkboxes. */
function flatten(items: CategoryTreeItem[]): { id: number; name: string; depth: number }[] {
  return items.flatMap((item) => [{ id: item.id, name: item.name, depth: item.depth }, ...flatten(item.children)]);
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const t = tns("atelier-merch");
  const [code, tree] = await Promise.all([id === null ? Promise.resolve(null) : getDiscountCode(db, id, locale), getCategoryTree(db, locale)]);
  if (id !== null && !code) throw notFound();
  return {
    code,
    categories: flatten(tree),
    title: code ? t("codes.meta.edit", { code: code.code }) : t("codes.meta.new"),
    texts: pickTexts(locale, ["atelier-merch"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = optionalIdParam(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  if (typeof intent !== "string" || !(id === null ? ["save"] : [...DISCOUNT_CODE_INTENTS]).includes(intent)) throw data({ message: "Unknown intent." }, { status: 400 });
  const actor = staffActor(viewer);
  if (intent === "end") {
    const submission = parseForm(formData, EndSchema);
    try {
      await endDiscountCode(db, id!, actor);
    } catch (error) {
      return formError(submission, error);
    }
    addStaffNotice(context, { kind: "success", key: "atelier-merch:codes.endedNotice" });
    throw redirect(atelierHref(context, `/atelier/discount-codes/${id}`), 303);
  }
  const submission = parseForm(formData, DiscountCodeFormSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const input = { ...submission.value, smallOnly: !viewer.capabilities.includes("marketing") };
  try {
    if (id === null) {
      const created = await createDiscountCode(db, input, actor);
      addStaffNotice(context, { kind: "success", key: "atelier-merch:codes.created" });
      throw redirect(atelierHref(context, `/atelier/discount-codes/${created}`), 303);
    }
    await updateDiscountCode(db, id, input, actor);
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
  addStaffNotice(context, { kind: "success", key: "atelier-merch:codes.saved" });
  throw redirect(atelierHref(context, `/atelier/discount-codes/${id}`), 303);
}

export const headers = privatePageHeaders;

type Data = Route.ComponentProps["loaderData"];

export default function AtelierDiscountCode({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-merch");
  const { href } = useLocale();
  const { code } = loaderData;
  const result = actionData?.result as SubmissionResult<string[]> | undefined;
  const ending = result?.initialValue?.intent === "end";
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/discount-codes")} className="link">
          <span aria-hidden="true">← </span>
          {t("codes.back")}
        </Link>
      </p>
      <PageHeader
        title={code ? <span className="font-mono">{code.code}</span> : t("codes.newTitle")}
        description={
          code ? (
            <span className="flex flex-wrap items-center gap-2">
              <StatusBadge tone={code.state === "active" ? "good" : code.state === "scheduled" ? "attention" : "neutral"}>{t(`codes.states.${code.state}`)}</StatusBadge>{" "}
              <span>{t("codes.usesCount", { count: code.uses })}</span>
            </span>
          ) : undefined
        }
      />
      <div className="grid items-start gap-8 desk:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CodeForm data={loaderData} result={ending ? undefined : result} />
        {code ? (
          <div className="space-y-8">
            <EndCode data={loaderData} result={ending ? result : undefined} />
            <Uses data={loaderData} />
          </div>
        ) : null}
      </div>
      {code ? <AuditTrail entries={code.audit} /> : null}
    </>
  );
}

function storedValues(code: Data["code"]): Record<string, string> {
  if (!code) return { kind: "percentage" };
  return {
    code: code.code,
    kind: code.kind,
    amount: code.kind === "percentage" ? String(code.amount) : code.kind === "fixed" ? toEuroInput(code.amount) : "",
    minSubtotal: code.minSubtotalCents ? toEuroInput(code.minSubtotalCents) : "",
    startsAt: code.startsAt ? utcToRomeLocal(code.startsAt) : "",
    endsAt: code.endsAt ? utcToRomeLocal(code.endsAt) : "",
    maxUses: code.maxUses === null ? "" : String(code.maxUses),
    maxUsesPerCustomer: code.maxUsesPerCustomer === null ? "" : String(code.maxUsesPerCustomer),
    products: code.products.map((p) => p.slug).join("\n"),
  };
}

function CodeForm({ data, result }: { data: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("atelier-merch");
  const formRef = useFormRef();
  const { code } = data;
  const kit = withStoredValues(useFormKit("discount-code", result, FIELDS, formRef), result, storedValues(code));
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  // The ticked categories: as posted after a failed save, else as stored.
  const typed = result?.initialValue?.categoryIds;
  const checked = new Set(result ? [typed ?? []].flat().map(String) : (code?.categoryIds ?? []).map(String));
  return (
    <Form method="post" ref={formRef} noValidate={kit.hydrated} className="space-y-5" aria-labelledby="page-title">
      <input type="hidden" name="intent" value="save" />
      <FormErrors kit={kit} />
      <div className="grid gap-4 border border-line bg-paper p-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField
            kit={kit}
            name="code"
            label={t("codes.fields.code")}
            hint={t("codes.fields.codeHint")}
            required
            maxLength={DISCOUNT_CODE_MAX_LENGTH}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
        <Field kit={kit} name="kind" label={t("codes.fields.kind")}>
          <select {...controlProps(kit, "kind")} key={kit.resetKey} defaultValue={kit.value("kind") || "percentage"} className="field-input">
            {DISCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`codes.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </Field>
        <TextField kit={kit} name="amount" label={t("codes.fields.amount")} hint={t("codes.fields.amountHint")} inputMode="decimal" maxLength={20} />
        <TextField kit={kit} name="minSubtotal" label={t("codes.fields.minSubtotal")} hint={t("codes.fields.minSubtotalHint")} inputMode="decimal" maxLength={20} />
      </div>
      <div className="grid gap-4 border border-line bg-paper p-4 sm:grid-cols-2">
        <TextField kit={kit} name="startsAt" type="datetime-local" label={t("codes.fields.startsAt")} hint={t("codes.fields.datesHint")} />
        <TextField kit={kit} name="endsAt" type="datetime-local" label={t("codes.fields.endsAt")} hint={t("codes.fields.datesHint")} />
        <TextField kit={kit} name="maxUses" label={t("codes.fields.maxUses")} hint={t("codes.fields.maxUsesHint")} inputMode="numeric" maxLength={9} />
        <TextField kit={kit} name="maxUsesPerCustomer" label={t("codes.fields.maxUsesPerCustomer")} hint={t("codes.fields.maxUsesPerCustomerHint")} inputMode="numeric" maxLength={9} />
      </div>
      <div className="grid gap-4 border border-line bg-paper p-4 sm:grid-cols-2">
        <CategoryChecks kit={kit} categories={data.categories} checked={checked} />
        <div>
          <TextAreaField kit={kit} name="products" label={t("codes.fields.products")} hint={t("codes.fields.productsHint")} rows={6} spellCheck={false} autoCapitalize="off" />
          {code?.products.length ? (
            <div className="mt-3 text-sm">
              <p className="font-medium">{t("codes.chosenProducts")}</p>
              <ul className="mt-1 space-y-0.5">
                {code.products.map((p) => (
                  <li key={p.id}>
                    {p.name} <span className="font-mono text-xs text-stone">{p.slug}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      </div>
      <SubmitButton pending={pending} pendingLabel={t(code ? "codes.saving" : "codes.creating")}>
        {t(code ? "codes.save" : "codes.create")}
      </SubmitButton>
    </Form>
  );
}

/** Indentation by depth (the page's CSP allows no inline styles). */
const INDENT = ["", "pl-5", "pl-10", "pl-15"];

/** The categories as checkboxes, indented by depth: a group with its legend, hint and error. */
function CategoryChecks({ kit, categories, checked }: { kit: FormKit; categories: Data["categories"]; checked: Set<string> }) {
  const { t } = useTranslation("atelier-merch");
  const id = `${kit.id}-categoryIds`;
  const errors = kit.errors("categoryIds");
  return (
    <fieldset aria-describedby={`${id}-hint ${id}-error`}>
      <legend className="mb-1.5 text-sm font-medium">{t("codes.fields.categories")}</legend>
      <ul className="max-h-80 overflow-y-auto border border-line p-2">
        {categories.map((c) => (
          <li key={c.id} className={INDENT[Math.min(c.depth, INDENT.length) - 1]}>
            <label className="flex min-h-9 items-center gap-2 text-sm">
              <input type="checkbox" name="categoryIds" value={c.id} defaultChecked={checked.has(String(c.id))} key={`${kit.resetKey}-${c.id}`} className="size-4 accent-ink" />
              <span className={c.depth === 1 ? "font-medium" : ""}>{c.name}</span>
            </label>
          </li>
        ))}
      </ul>
      <Hint id={`${id}-hint`}>{t("codes.fields.categoriesHint")}</Hint>
      <FieldError id={`${id}-error`} errors={errors} />
    </fieldset>
  );
}

function EndCode({ data, result }: { data: Data; result: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("atelier-merch");
  const { locale } = useLocale();
  const ref = useFormRef();
  const kit = useFormKit("end-code", result, [], ref);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "end";
  const code = data.code!;
  return (
    <section aria-labelledby="end-code-title" className="border border-line bg-paper p-4">
      <h2 id="end-code-title" className="mb-2 text-xl">
        {t("codes.end.title")}
      </h2>
      {code.state === "ended" && code.endsAt ? (
        <p className="text-sm text-stone">{t("codes.end.already", { date: formatRomeShortDateTime(code.endsAt, locale) })}</p>
      ) : (
        <>
          <p className="mb-4 text-sm text-stone">{t("codes.end.intro")}</p>
          <Form method="post" ref={ref} className="grid gap-3">
            <input type="hidden" name="intent" value="end" />
            <FormErrors kit={kit} />
            <div>
              <SubmitButton pending={pending} pendingLabel={t("codes.end.pending")} className="btn btn-secondary">
                {t("codes.end.submit")}
              </SubmitButton>
            </div>
          </Form>
        </>
      )}
    </section>
  );
}

function Uses({ data }: { data: Data }) {
  const { t } = useTranslation("atelier-merch");
  const { href, locale } = useLocale();
  const code = data.code!;
  return (
    <section aria-labelledby="code-uses-title" className="border border-line bg-paper p-4">
      <h2 id="code-uses-title" className="mb-2 text-xl">
        {t("codes.usesTitle")}
      </h2>
      <p className="mb-3 text-sm">{code.maxUses === null ? t("codes.unlimited", { count: code.uses }) : t("codes.limited", { count: code.uses, limit: code.maxUses })}</p>
      {code.recentUses.length ? (
        <ul className="divide-y divide-line text-sm">
          {code.recentUses.map((use) => (
            <li key={use.id} className="flex justify-between gap-3 py-1.5">
              {use.orderId !== null && use.number ? (
                <Link to={href(`/atelier/orders/${use.orderId}`)} className="link">
                  {use.number}
                </Link>
              ) : (
                <span className="text-stone">{t("codes.removedOrder")}</span>
              )}
              <time dateTime={use.at} className="text-stone">
                {formatRomeShortDateTime(use.at, locale)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-stone">{t("codes.noUses")}</p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
