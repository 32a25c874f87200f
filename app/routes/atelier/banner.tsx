import { Link, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/banner";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { AuditTrail } from "~/components/atelier/audit-trail";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { atelierMeta } from "~/components/atelier/meta";
import { RecordFormCard, RowAction } from "~/components/atelier/kit";
import { PageHeader } from "~/components/atelier/page-header";
import { StatusBadge } from "~/components/atelier/status-badge";
import { TextField, type FormKit, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { auditOfRecord } from "~/modules/audit/audit.service.server";
import { DEFAULT_BANNER_COLOURS } from "~/modules/banner/banner-colours";
import { BANNER_INTENTS, BannerActionSchema, CLOSURE_FIELDS, MESSAGE_FIELDS } from "~/modules/banner/banner.schema";
import { type BannerMessage, type ClosureNotice, deleteBannerMessage, deleteClosure, getBannerMessage, getClosure, listBannerMessages, listClosures, moveBannerMessage, saveBannerMessage, saveClosure } from "~/modules/banner/banner.service.server";
import { HEX_COLOUR } from "~/utils/contrast";
import { formatLongDate } from "~/utils/dates";
import { formError, invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { romeDayOf } from "~/utils/rome-time";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, optionalIdParam } from "~/utils/id-param";
import { withDateArticlesT } from "~/utils/date-article";

// /atelier/banner: the banner's messages (both languages, a local link each, their colours checked
// for AA contrast, their order, optional dates) and the closure notices (dates, text in both
// languages, the day orders ship from). Any staff member. `?edit=ID` opens a message in the form,
// `?closure=ID` a closure; an id that names nothing is a 404. Every change goes through the banner
// service (audit entry and the shop's revision in one transaction) and comes back here (303).

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const query = new URL(request.url).searchParams;
  const editId = optionalIdParam(query.get("edit") ?? undefined);
  const closureId = optionalIdParam(query.get("closure") ?? undefined);
  const [messages, closures, editing, editingClosure] = await Promise.all([
    listBannerMessages(db),
    listClosures(db),
    editId === null ? null : getBannerMessage(db, editId),
    closureId === null ? null : getClosure(db, closureId),
  ]);
  if ((editId !== null && !editing) || (closureId !== null && !editingClosure)) throw notFound();
  const history = editing ? await auditOfRecord(db, "banner-message", editing.id) : editingClosure ? await auditOfRecord(db, "closure", editingClosure.id) : [];
  return {
    title: tns("atelier-shop")("banner.title"),
    messages,
    closures,
    editing,
    editingClosure,
    history,
    today: romeDayOf(new Date()),
    texts: pickTexts(locale, ["atelier-shop"]),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const submission = parseIntentForm(await readFormData(request), BannerActionSchema, BANNER_INTENTS);
  if (submission.status !== "success") {
    // Only the two editors have fields a person types; anything else invalid is a forged form.
    const intent = submission.payload.intent;
    if (intent === "save-message" || intent === "save-closure") return invalidForm(submission);
    throw data({ message: "Bad form." }, { status: 400 });
  }
  const form = submission.value;
  const actor = staffActor(viewer);
  try {
    switch (form.intent) {
      case "save-message": {
        const { intent: _intent, id, ...input } = form;
        await saveBannerMessage(db, { id, input, actor });
        addStaffNotice(context, { kind: "success", key: id ? "atelier-shop:banner.saved" : "atelier-shop:banner.created" });
        break;
      }
      case "delete-message":
        await deleteBannerMessage(db, { id: form.id, actor });
        addStaffNotice(context, { kind: "success", key: "atelier-shop:banner.deleted" });
        break;
      case "move-message":
        await moveBannerMessage(db, { id: form.id, direction: form.direction, actor });
        addStaffNotice(context, { kind: "success", key: "atelier-shop:banner.moved" });
        break;
      case "save-closure": {
        const { intent: _intent, id, ...input } = form;
        await saveClosure(db, { id, input, actor });
        addStaffNotice(context, { kind: "success", key: id ? "atelier-shop:closures.saved" : "atelier-shop:closures.created" });
        break;
      }
      case "delete-closure":
        await deleteClosure(db, { id: form.id, actor });
        addStaffNotice(context, { kind: "success", key: "atelier-shop:closures.deleted" });
        break;
    }
  } catch (error) {
    return formError(submission, error);
  }
  throw redirect(atelierHref(context, "/atelier/banner"), 303);
}

export const headers = privatePageHeaders;

type Data = Route.ComponentProps["loaderData"];

/** Whether a dated thing shows on `today` (days in Italy, both inclusive). */
function statusOf(startsOn: string | null, endsOn: string | null, today: string): "live" | "scheduled" | "ended" {
  if (startsOn && today < startsOn) return "scheduled";
  if (endsOn && today > endsOn) return "ended";
  return "live";
}

export default function AtelierBanner({ loaderData, actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const closureAnswer = actionData?.result?.initialValue?.intent === "save-closure";
  return (
    <>
      <PageHeader title={t("banner.title")} description={t("banner.intro")} />
      <MessagesTable data={loaderData} />
      <MessageForm data={loaderData} result={closureAnswer ? undefined : actionData?.result} />
      {loaderData.editing ? <AuditTrail entries={loaderData.history} title={t("banner.history")} /> : null}

      <h2 id="closures-title" className="mt-12 mb-1 text-3xl">
        {t("closures.title")}
      </h2>
      <p className="mb-4 text-sm text-stone">{t("closures.intro")}</p>
      <ClosuresTable data={loaderData} />
      <ClosureForm data={loaderData} result={closureAnswer ? actionData?.result : undefined} />
      {loaderData.editingClosure ? <AuditTrail entries={loaderData.history} title={t("closures.history")} /> : null}
    </>
  );
}

/**
 * A message's two colours as the banner will show them: an SVG swatch, whose fills are
 * presentation attributes the CSP allows (no style attribute, no nonced rule: docs/decisions/019).
 */
function ColourSwatch({ background, color }: { background: string; color: string }) {
  if (!HEX_COLOUR.test(background) || !HEX_COLOUR.test(color)) return null;
  return (
    <svg viewBox="0 0 40 24" aria-hidden="true" focusable="false" className="mr-2 inline-block h-6 w-10 align-middle">
      <rect width="40" height="24" fill={background} />
      <text x="20" y="16" textAnchor="middle" fontSize="12" fill={color}>
        Aa
      </text>
    </svg>
  );
}

function useDay() {
  const { locale } = useLocale();
  return (day: string) => formatLongDate(`${day}T12:00:00Z`, locale);
}

function DateRange({ startsOn, endsOn }: { startsOn: string | null; endsOn: string | null }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const day = useDay();
  if (startsOn && endsOn) return <>{t("banner.range", { from: day(startsOn), to: day(endsOn) })}</>;
  if (startsOn) return <>{t("banner.from", { date: day(startsOn) })}</>;
  if (endsOn) return <>{t("banner.until", { date: day(endsOn) })}</>;
  return <span className="text-stone">{t("banner.always")}</span>;
}

function Status({ status, ns }: { status: "live" | "scheduled" | "ended"; ns: "banner" | "promotions" }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const tone = status === "live" ? "good" : status === "scheduled" ? "attention" : "neutral";
  const key = status === "live" ? "statusLive" : status === "scheduled" ? "statusScheduled" : "statusEnded";
  return <StatusBadge tone={tone}>{t(`${ns}.${key}`)}</StatusBadge>;
}

/** A small post button of a row (delete, move), by its record's id. */
function RowButton({ intent, id, label, children, extra }: { intent: string; id: number; label: string; children: React.ReactNode; extra?: Record<string, string> }) {
  return (
    <RowAction className="inline" intent={intent} fields={{ id, ...extra }} label={label}>
      {children}
    </RowAction>
  );
}

function MessagesTable({ data }: { data: Data }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const { locale, href } = useLocale();
  const last = data.messages.length - 1;
  const short = (m: BannerMessage) => (locale === "it" ? m.textIt : m.textEn).slice(0, 60);
  const columns: Column<BannerMessage>[] = [
    { key: "order", header: t("banner.order"), cell: (m) => data.messages.indexOf(m) + 1, numeric: true },
    {
      key: "text",
      header: t("banner.message"),
      rowHeader: true,
      cell: (m) => (
        <>
          <ColourSwatch background={m.background} color={m.color} />{" "}
          <span className="text-xs tracking-wide">{m.textIt}</span>{" "}
          <span className="mt-1 block font-normal text-stone">{m.textEn}</span>{" "}
          {m.linkIt || m.linkEn ? <span className="block font-normal text-stone">{[m.linkIt, m.linkEn].filter(Boolean).join(" · ")}</span> : null}
        </>
      ),
    },
    { key: "colours", header: t("banner.colours"), cell: (m) => <span className="whitespace-nowrap font-mono text-xs">{`${m.background} / ${m.color}`}</span>, wide: true },
    { key: "dates", header: t("banner.dates"), cell: (m) => <DateRange startsOn={m.startsOn} endsOn={m.endsOn} /> },
    { key: "status", header: t("banner.status"), cell: (m) => <Status status={statusOf(m.startsOn, m.endsOn, data.today)} ns="banner" /> },
    {
      key: "actions",
      header: t("banner.actions"),
      cell: (m) => {
        const index = data.messages.indexOf(m);
        return (
          <div className="flex flex-wrap gap-x-3">
            {index > 0 ? (
              <RowButton intent="move-message" id={m.id} extra={{ direction: "up" }} label={t("banner.moveUpLabel", { text: short(m) })}>
                {t("banner.moveUp")}
              </RowButton>
            ) : null}
            {index < last ? (
              <RowButton intent="move-message" id={m.id} extra={{ direction: "down" }} label={t("banner.moveDownLabel", { text: short(m) })}>
                {t("banner.moveDown")}
              </RowButton>
            ) : null}
            <Link to={href(`/atelier/banner?edit=${m.id}`)} className="link inline-flex min-h-6 items-center" aria-label={t("banner.editLabel", { text: short(m) })}>
              {t("banner.edit")}
            </Link>
            <RowButton intent="delete-message" id={m.id} label={t("banner.deleteLabel", { text: short(m) })}>
              {t("banner.delete")}
            </RowButton>
          </div>
        );
      },
    },
  ];
  return <DataTable caption={t("banner.listCaption")} columns={columns} rows={data.messages} rowKey={(m) => m.id} empty={t("banner.empty")} />;
}

/** The kit with the stored values until a failed post answers with what was typed. */
function withInitial(kit: FormKit, answered: boolean, initial: Record<string, string>): FormKit {
  return { ...kit, value: (name) => (answered ? kit.value(name) : (initial[name] ?? "")) };
}

function MessageForm({ data, result }: { data: Data; result: Parameters<typeof useFormKit>[1] }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const { href } = useLocale();
  const formRef = useFormRef();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-message";
  const editing = data.editing;
  const kit = withInitial(useFormKit("banner-message", result, MESSAGE_FIELDS, formRef, String(editing?.id ?? "new")), Boolean(result), {
    textIt: editing?.textIt ?? "",
    textEn: editing?.textEn ?? "",
    linkIt: editing?.linkIt ?? "",
    linkEn: editing?.linkEn ?? "",
    background: editing?.background ?? DEFAULT_BANNER_COLOURS.background,
    color: editing?.color ?? DEFAULT_BANNER_COLOURS.color,
    startsOn: editing?.startsOn ?? "",
    endsOn: editing?.endsOn ?? "",
  });
  return (
    <RecordFormCard
      id="message-form-title"
      title={editing ? t("banner.editTitle") : t("banner.newTitle")}
      intent="save-message"
      recordId={editing?.id}
      kit={kit}
      formRef={formRef}
      columns={2}
      pending={pending}
      pendingLabel={t("banner.saving")}
      submitLabel={editing ? t("banner.save") : t("banner.create")}
      cancel={editing ? { href: href("/atelier/banner"), label: t("banner.cancelEdit") } : null}
    >
      <TextField kit={kit} name="textIt" label={t("banner.textIt")} required maxLength={200} lang="it" />
      <TextField kit={kit} name="textEn" label={t("banner.textEn")} required maxLength={200} lang="en" />
      <TextField kit={kit} name="linkIt" label={t("banner.linkIt")} hint={t("banner.linkHint")} maxLength={300} placeholder="/pages/Shipping" />
      <TextField kit={kit} name="linkEn" label={t("banner.linkEn")} maxLength={300} placeholder="/en/pages/Shipping" />
      <TextField kit={kit} name="background" label={t("banner.background")} hint={t("banner.colourHint")} required maxLength={7} pattern="#[0-9A-Fa-f]{6}" />
      <TextField kit={kit} name="color" label={t("banner.color")} required maxLength={7} pattern="#[0-9A-Fa-f]{6}" />
      <TextField kit={kit} name="startsOn" type="date" label={t("banner.startsOn")} hint={t("banner.datesHint")} />
      <TextField kit={kit} name="endsOn" type="date" label={t("banner.endsOn")} />
    </RecordFormCard>
  );
}

function ClosuresTable({ data }: { data: Data }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const { locale, href } = useLocale();
  const day = useDay();
  const columns: Column<ClosureNotice>[] = [
    {
      key: "text",
      header: t("closures.text"),
      rowHeader: true,
      cell: (c) => (
        <>
          {locale === "it" ? c.textIt : c.textEn}{" "}
          <span className="mt-1 block font-normal text-stone">{locale === "it" ? c.textEn : c.textIt}</span>
        </>
      ),
    },
    { key: "dates", header: t("closures.dates"), cell: (c) => <DateRange startsOn={c.startsOn} endsOn={c.endsOn} /> },
    { key: "ships", header: t("closures.shipsFrom"), cell: (c) => day(c.shipsFrom) },
    { key: "status", header: t("banner.status"), cell: (c) => <Status status={statusOf(c.startsOn, c.endsOn, data.today)} ns="banner" /> },
    {
      key: "actions",
      header: t("banner.actions"),
      cell: (c) => (
        <div className="flex flex-wrap gap-x-3">
          <Link to={href(`/atelier/banner?closure=${c.id}`)} className="link inline-flex min-h-6 items-center" aria-label={t("closures.editLabel", { date: day(c.startsOn) })}>
            {t("banner.edit")}
          </Link>
          <RowButton intent="delete-closure" id={c.id} label={t("closures.deleteLabel", { date: day(c.startsOn) })}>
            {t("banner.delete")}
          </RowButton>
        </div>
      ),
    },
  ];
  return <DataTable caption={t("closures.listCaption")} captionHidden columns={columns} rows={data.closures} rowKey={(c) => c.id} empty={t("closures.empty")} />;
}

function ClosureForm({ data, result }: { data: Data; result: Parameters<typeof useFormKit>[1] }) {
  const t = withDateArticlesT(useTranslation("atelier-shop").t);
  const { href } = useLocale();
  const formRef = useFormRef();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save-closure";
  const editing = data.editingClosure;
  const kit = withInitial(useFormKit("closure", result, CLOSURE_FIELDS, formRef, String(editing?.id ?? "new")), Boolean(result), {
    startsOn: editing?.startsOn ?? "",
    endsOn: editing?.endsOn ?? "",
    shipsFrom: editing?.shipsFrom ?? "",
    textIt: editing?.textIt ?? "",
    textEn: editing?.textEn ?? "",
  });
  return (
    <RecordFormCard
      id="closure-form-title"
      title={editing ? t("closures.editTitle") : t("closures.newTitle")}
      heading="h3"
      intent="save-closure"
      recordId={editing?.id}
      kit={kit}
      formRef={formRef}
      columns={3}
      pending={pending}
      pendingLabel={t("banner.saving")}
      submitLabel={editing ? t("closures.save") : t("closures.create")}
      cancel={editing ? { href: href("/atelier/banner"), label: t("banner.cancelEdit") } : null}
    >
      <TextField kit={kit} name="startsOn" type="date" label={t("closures.startsOn")} required />
      <TextField kit={kit} name="endsOn" type="date" label={t("closures.endsOn")} required />
      <TextField kit={kit} name="shipsFrom" type="date" label={t("closures.shipsFromField")} hint={t("closures.shipsFromHint")} required />
      <div className="sm:col-span-3">
        <TextField kit={kit} name="textIt" label={t("closures.textIt")} hint={t("closures.textHint")} required maxLength={200} lang="it" />
      </div>
      <div className="sm:col-span-3">
        <TextField kit={kit} name="textEn" label={t("closures.textEn")} required maxLength={200} lang="en" />
      </div>
    </RecordFormCard>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
