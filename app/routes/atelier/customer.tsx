import type { ReactNode } from "react";
import { Form, Link, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/customer";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { ConfirmCard, Section } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { Pager } from "~/components/atelier/pager";
import { StatusBadge } from "~/components/atelier/status-badge";
import { OrderStatusBadges } from "~/components/order/order-status";
import { useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { CustomerActionSchema, parsePageParam } from "~/modules/account/customer-desk.schema";
import { eraseCustomer, getCustomerProfile } from "~/modules/account/customer-desk.service.server";
import { addCustomerNote, getCustomerRecord, setCustomerTags } from "~/modules/account/customer-record.service.server";
import { CustomerFigures, CustomerRecordPanels } from "~/components/atelier/customer-record";
import type { AuditRecord } from "~/modules/audit/audit.service.server";
import type { OrderSummary } from "~/modules/order/order.service.server";
import { formatLongDate, formatRomeDateTime } from "~/utils/dates";
import { invalidForm, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";
import { notFound, requireIdParam } from "~/utils/id-param";
import { withDateArticlesT } from "~/utils/date-article";

// /atelier/customers/:id: what the shop holds of one account (orders, paged with ?orders=N;
// addresses; newsletter and consent; whether the address is confirmed; last sign-in; the
// record's audit trail), the export of their data (the shopper's own file, through
// customer-export.ts) and the erasure of their account, behind an "I understand" box that works
// without JavaScript. Staff and owners alike: the issue keeps from staff only staff management,
// settings and large refunds, and an erasure is a customer's right the desk must be able to serve.

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const ordersPage = parsePageParam(new URL(request.url).searchParams.get("orders"));
  const profile = await getCustomerProfile(db, id, { ordersPage });
  if (!profile) throw notFound();
  return {
    profile,
    record: await getCustomerRecord(db, { kind: "account", userId: id }),
    title: tns("atelier-customers")("meta.profile", { name: `${profile.firstName} ${profile.lastName}` }),
    texts: pickTexts(locale, ["atelier-customers", "orders"]),
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const { db, staff: viewer } = getAtelierContext(context);
  const id = requireIdParam(params.id);
  const submission = parseIntentForm(await readFormData(request), CustomerActionSchema, ["erase", "note", "tags"]);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  const actor = staffActor(viewer);
  if (form.intent === "erase") {
    if (!(await eraseCustomer(db, id, actor))) throw notFound();
    addStaffNotice(context, { kind: "success", key: "atelier-customers:erase.done" });
    throw redirect(atelierHref(context, "/atelier/customers"), 303);
  }
  // Notes and tags (issue 42 part 4): on an account that exists.
  if (!(await getCustomerProfile(db, id, { ordersPage: 1 }))) throw notFound();
  const account = { kind: "account" as const, userId: id };
  if (form.intent === "note") await addCustomerNote(db, account, form.body, actor);
  else await setCustomerTags(db, account, form.tags, actor);
  addStaffNotice(context, { kind: "success", key: form.intent === "note" ? "atelier-customers:record.noteAdded" : "atelier-customers:record.tagsSaved" });
  throw redirect(atelierHref(context, `/atelier/customers/${id}`), 303);
}

export const headers = privatePageHeaders;

type Profile = Route.ComponentProps["loaderData"]["profile"];

export default function AtelierCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const { href, locale } = useLocale();
  const { profile } = loaderData;
  const name = `${profile.firstName} ${profile.lastName}`;
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/customers")} className="link">
          <span aria-hidden="true">← </span>
          {t("profile.back")}
        </Link>
      </p>
      <PageHeader title={name} description={t("profile.since", { date: formatLongDate(profile.createdAt, locale) })} />
      <div className="mb-10 space-y-6">
        <CustomerFigures figures={loaderData.record.figures} />
        <CustomerRecordPanels record={loaderData.record} result={actionData?.result} intent={typeof actionData?.result?.initialValue?.intent === "string" ? actionData.result.initialValue.intent : null} />
      </div>
      <div className="grid gap-10 desk:grid-cols-2 desk:gap-8">
        <AccountFacts profile={profile} />
        <ConsentFacts profile={profile} />
      </div>
      <Orders profile={profile} />
      <Addresses profile={profile} />
      <AuditTrail entries={profile.audit} />
      <div className="mt-10 grid items-start gap-8 desk:grid-cols-2">
        <ExportData id={profile.id} />
        <EraseAccount email={profile.email} result={actionData?.result?.initialValue?.intent === "erase" ? actionData.result : undefined} />
      </div>
    </>
  );
}

/** Terms and values: a term above its value on a phone, beside it from a tablet up. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-4 border border-line bg-paper p-4 pb-1 text-sm sm:pb-4 sm:grid-cols-[minmax(8rem,max-content)_minmax(0,1fr)] sm:gap-y-2">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-stone">{term}</dt>
          <dd className="mb-3 min-w-0 break-words sm:mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AccountFacts({ profile }: { profile: Profile }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const { locale } = useLocale();
  const none = <span className="text-stone">{t("profile.none")}</span>;
  return (
    <Section id="account-facts" title={t("profile.account")} className="">
      <Facts
        rows={[
          [
            t("profile.email"),
            <span key="email" className="flex flex-wrap items-center gap-2">
              <span className="break-all">{profile.email}</span>{" "}
              <StatusBadge tone={profile.emailConfirmed ? "good" : "attention"}>{profile.emailConfirmed ? t("profile.emailConfirmed") : t("profile.emailUnconfirmed")}</StatusBadge>
            </span>,
          ],
          [t("profile.language"), t(`profile.languages.${profile.language}`)],
          [t("profile.fiscalCode"), profile.fiscalCode ?? none],
          [t("profile.birthDate"), profile.birthDate ? formatLongDate(`${profile.birthDate}T00:00:00Z`, locale) : none],
          [t("profile.lastLogin"), profile.lastLoginAt ? formatRomeDateTime(profile.lastLoginAt, locale) : t("profile.never")],
          [t("profile.sessions"), profile.activeSessions],
          [t("profile.signIn"), [profile.hasPassword ? t("profile.password") : null, ...profile.linkedProviders].filter(Boolean).join(", ") || none],
        ]}
      />
    </Section>
  );
}

function ConsentFacts({ profile }: { profile: Profile }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const { locale } = useLocale();
  const newsletter = profile.newsletter;
  return (
    <Section id="consent-facts" title={t("profile.consent")} className="">
      <Facts
        rows={[
          [t("profile.privacy"), formatRomeDateTime(profile.privacyConsentAt, locale)],
          [
            t("profile.newsletter"),
            newsletter.state !== "none" ? (
              <span key="newsletter" className="flex flex-wrap items-center gap-2">
                <StatusBadge tone={newsletter.state === "confirmed" ? "good" : "neutral"}>{t(`profile.newsletterStates.${newsletter.state}`)}</StatusBadge>
                <span>{t("profile.newsletterSince", { date: formatLongDate(newsletter.consentAt, locale), language: t(`profile.languages.${newsletter.language}`) })}</span>
              </span>
            ) : (
              <StatusBadge>{t("profile.newsletterNone")}</StatusBadge>
            ),
          ],
          [t("profile.cookies"), <span key="cookies" className="text-stone">{t("profile.cookiesNote")}</span>],
        ]}
      />
    </Section>
  );
}

function Orders({ profile }: { profile: Profile }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const { href, locale } = useLocale();
  const { search } = useLocation();
  const { items, page, pageCount, total } = profile.orders;
  const columns: Column<OrderSummary>[] = [
    {
      key: "number",
      header: t("profile.number"),
      rowHeader: true,
      cell: (o) => (
        <Link to={href(`/atelier/orders/${o.id}`)} className="link whitespace-nowrap decoration-stone underline-offset-2">
          {o.number}
        </Link>
      ),
    },
    { key: "placed", header: t("profile.placed"), cell: (o) => <span className="whitespace-nowrap">{formatLongDate(o.placedAt, locale)}</span> },
    { key: "status", header: t("profile.status"), wide: true, cell: (o) => <OrderStatusBadges status={o.status} paymentStatus={o.paymentStatus} shippingStatus={o.shippingStatus} /> },
    { key: "total", header: t("profile.total"), numeric: true, cell: (o) => <span className="whitespace-nowrap">{formatMoney(o.totalCents, locale)}</span> },
  ];
  return (
    <Section id="customer-orders" title={`${t("profile.orders")} · ${t("profile.ordersCount", { count: total })}`} className="mt-10">
      <DataTable caption={t("profile.ordersCaption")} captionHidden columns={columns} rows={items} rowKey={(o) => o.id} empty={t("profile.ordersEmpty")} />
      <Pager page={page} hasNext={page < pageCount} search={search} param="orders" />
    </Section>
  );
}

function Addresses({ profile }: { profile: Profile }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  return (
    <Section id="customer-addresses" title={t("profile.addresses")} className="mt-10">
      {profile.addresses.length === 0 ? (
        <p className="text-sm text-stone">{t("profile.addressesEmpty")}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 desk:grid-cols-3">
          {profile.addresses.map((a) => (
            <li key={a.id} className="border border-line bg-paper p-4 text-sm">
              <p className="mb-1 flex flex-wrap items-center gap-2 font-medium">
                {`${a.firstName} ${a.lastName}`}
                {a.isDefault ? <StatusBadge>{t("profile.default")}</StatusBadge> : null}
              </p>
              <address className="not-italic">
                {[`${a.street} ${a.streetNumber}`, a.additionalInfo].filter(Boolean).join(", ")}
                <br />
                {`${a.zip} ${a.city} (${a.province}) ${a.country}`}
                <br />
                {`${a.phonePrefix} ${a.phone}`}
              </address>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function AuditTrail({ entries }: { entries: AuditRecord[] }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const { locale } = useLocale();
  const columns: Column<AuditRecord>[] = [
    { key: "when", header: t("profile.when"), rowHeader: true, cell: (e) => <span className="whitespace-nowrap">{formatRomeDateTime(e.at, locale)}</span> },
    { key: "who", header: t("profile.who"), cell: (e) => <span className="break-all">{e.actor}</span> },
    { key: "what", header: t("profile.what"), cell: (e) => t(`profile.actions.${e.action}` as never, { defaultValue: e.action }) as string },
  ];
  return (
    <Section id="customer-audit" title={t("profile.audit")} className="mt-10">
      <DataTable caption={t("profile.auditCaption")} captionHidden columns={columns} rows={entries} rowKey={(e) => e.id} empty={t("profile.auditEmpty")} />
    </Section>
  );
}

function ExportData({ id }: { id: number }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const { href } = useLocale();
  return (
    <section aria-labelledby="customer-export" className="border border-line bg-paper p-4">
      <h2 id="customer-export" className="mb-2 text-xl">
        {t("export.title")}
      </h2>
      <p className="mb-4 text-sm text-stone">{t("export.intro")}</p>
      {/* A native post: the answer is a file to save, not a page for the router. */}
      <Form method="post" action={href(`/atelier/customers/${id}/export`)} reloadDocument>
        <button type="submit" className="btn btn-secondary">
          {t("export.submit")}
        </button>
      </Form>
    </section>
  );
}

function EraseAccount({ email, result }: { email: string; result: Parameters<typeof useFormKit>[1] }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const ref = useFormRef();
  const kit = useFormKit("erase-customer", result, ["confirm"], ref);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "erase";
  return (
    <ConfirmCard
      id="customer-erase"
      title={t("erase.title")}
      intro={t("erase.intro")}
      intent="erase"
      kit={kit}
      formRef={ref}
      confirm={t("erase.confirm", { email })}
      pending={pending}
      pendingLabel={t("erase.pending")}
      submitLabel={t("erase.submit")}
      submitClassName="btn btn-primary"
    />
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
