import { Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/promotions";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { RecordFormCard, RowAction } from "~/components/atelier/kit";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { TextField, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import { PROMOTION_FIELDS, PROMOTION_INTENTS, PromotionActionSchema } from "~/modules/promotion/promotion.schema";
import { type Promotion, deletePromotion, getPromotion, listPromotions, runsAt, savePromotion } from "~/modules/promotion/promotion.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { formatLongDate } from "~/utils/dates";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney, toEuroInput } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, optionalIdParam } from "~/utils/id-param";
import { withDateArticlesT } from "~/utils/date-article";

// /atelier/promotions: dated free-shipping promotions (spec §9), a threshold in euro and the
// first and last day in Italy. Any staff member. `?edit=ID` opens one in the form (an id that
// names nothing is a 404). The bag, the checkout and the order read them through one function
// (promotion.service.server.ts's shippingRuleAt), so all agree.

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const editId = optionalIdParam(new URL(request.url).searchParams.get("edit") ?? undefined);
  const [promotions, editing, settings] = await Promise.all([listPromotions(db), editId === null ? null : getPromotion(db, editId), getShopSettings(db)]);
  if (editId !== null && !editing) throw notFound();
  const now = new Date();
  return {
    title: tns("atelier-shop")("promotions.title"),
    promotions: promotions.map((p) => ({ ...p, status: runsAt(p, now) ? ("live" as const) : new Date(p.startsAt) > now ? ("scheduled" as const) : ("ended" as const) })),
    editing,
    history: editing ? await auditOfRecord(db, "promotion", editing.id) : [],
    standardThresholdCents: settings.freeShippingFromCents,
    texts: pickTexts(locale, ["atelier-shop"]),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const submission = parseIntentForm(await readFormData(request), PromotionActionSchema, PROMOTION_INTENTS);
  if (submission.status !== "success") {
    if (submission.payload.intent === "save") return invalidForm(submission);
    throw data({ message: "Bad form." }, { status: 400 });
  }
  const form = submission.value;
  const actor = staffActor(viewer);
  try {
    if (form.intent === "save") {
      const { intent: _intent, id, ...input } = form;
      await savePromotion(db, { id, input, actor });
      addStaffNotice(context, { kind: "success", key: id ? "atelier-shop:promotions.saved" : "atelier-shop:promotions.created" });
    } else {
      await deletePromotion(db, { id: form.id, actor });
      addStaffNotice(context, { kind: "success", key: "atelier-shop:promotions.deleted" });
    }
  } catch (error) {
    return formError(submission, error);
  }
  throw redirect(atelierHref(context, "/atelier/promotions"), 303);
}

export const headers = privatePageHeaders;

type Data = Route.ComponentProps["loaderData"];
type Row = Data["promotions"][number];

export default function AtelierPromotions({ loaderData, actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const { locale } = useLocale();
  return (
    <>
      <PageHeader title={t("promotions.title")} description={t("promotions.intro", { standard: formatMoney(loaderData.standardThresholdCents, locale) })} />
      <PromotionsTable data={loaderData} />
      <PromotionForm data={loaderData} result={actionData?.result} />
      {loaderData.editing ? <AuditTrail entries={loaderData.history} title={t("promotions.history")} /> : null}
    </>
  );
}

function PromotionsTable({ data }: { data: Data }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const { locale, href } = useLocale();
  const day = (d: string) => formatLongDate(`${d}T12:00:00Z`, locale);
  const columns: Column<Row>[] = [
    { key: "threshold", header: t("promotions.threshold"), rowHeader: true, cell: (p) => formatMoney(p.thresholdCents, locale), numeric: true },
    { key: "dates", header: t("promotions.dates"), cell: (p) => t("banner.range", { from: day(p.startsOn), to: day(p.endsOn) }) },
    {
      key: "status",
      header: t("promotions.status"),
      cell: (p) => (
        <StatusBadge tone={p.status === "live" ? "good" : p.status === "scheduled" ? "attention" : "neutral"}>
          {t(p.status === "live" ? "promotions.statusLive" : p.status === "scheduled" ? "promotions.statusScheduled" : "promotions.statusEnded")}
        </StatusBadge>
      ),
    },
    {
      key: "actions",
      header: t("promotions.actions"),
      cell: (p) => (
        <span className="flex flex-wrap gap-x-3">
          <Link to={href(`/atelier/promotions?edit=${p.id}`)} className="link inline-flex min-h-6 items-center" aria-label={t("promotions.editLabel", { date: day(p.startsOn) })}>
            {t("promotions.edit")}
          </Link>
          <RowAction className="inline" intent="delete" fields={{ id: p.id }} label={t("promotions.deleteLabel", { date: day(p.startsOn) })}>
            {t("promotions.delete")}
          </RowAction>
        </span>
      ),
    },
  ];
  return <DataTable caption={t("promotions.listCaption")} columns={columns} rows={data.promotions} rowKey={(p) => p.id} empty={t("promotions.empty")} />;
}

function PromotionForm({ data, result }: { data: Data; result: Parameters<typeof useFormKit>[1] }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const { href } = useLocale();
  const formRef = useFormRef();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const editing: Promotion | null = data.editing;
  const kit = useFormKit("promotion", result, PROMOTION_FIELDS, formRef, String(editing?.id ?? "new"));
  const initial: Record<string, string> = { threshold: editing ? toEuroInput(editing.thresholdCents) : "", startsOn: editing?.startsOn ?? "", endsOn: editing?.endsOn ?? "" };
  const keyed = { ...kit, value: (name: string) => (result ? kit.value(name) : (initial[name] ?? "")) };
  return (
    <RecordFormCard
      id="promotion-form-title"
      title={editing ? t("promotions.editTitle") : t("promotions.newTitle")}
      intent="save"
      recordId={editing?.id}
      kit={keyed}
      formRef={formRef}
      columns={3}
      pending={pending}
      pendingLabel={t("banner.saving")}
      submitLabel={editing ? t("promotions.save") : t("promotions.create")}
      cancel={editing ? { href: href("/atelier/promotions"), label: t("promotions.cancelEdit") } : null}
    >
      <TextField kit={keyed} name="threshold" label={t("promotions.thresholdField")} hint={t("promotions.thresholdHint")} inputMode="decimal" required maxLength={20} />
      <TextField kit={keyed} name="startsOn" type="date" label={t("promotions.startsOn")} hint={t("promotions.datesHint")} required />
      <TextField kit={keyed} name="endsOn" type="date" label={t("promotions.endsOn")} required />
    </RecordFormCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
