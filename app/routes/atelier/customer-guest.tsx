import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/customer-guest";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { CustomerFigures, CustomerRecordPanels } from "~/components/atelier/customer-record";
import { type Column, DataTable } from "~/components/atelier/data-table";
import { BoxSection } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { OrderDeskBadges } from "~/components/atelier/order-desk-badges";
import { PageHeader } from "~/components/atelier/page-header";
import { SubmitButton } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { GuestCustomerActionSchema } from "~/modules/account/customer-desk.schema";
import { addCustomerNote, getGuestCustomer, mergeGuestIntoAccount, setCustomerTags } from "~/modules/account/customer-record.service.server";
import { DomainError } from "~/utils/domain-error";
import { formError, invalidForm, pageError, parseIntentForm, readFormData } from "~/utils/form.server";
import { formatRomeShortDateTime } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/customers/guest?email=…: someone who ordered without an account, as a customer
// (issue 42 part 4): their orders grouped, the figures, the staff's tags and notes, and the
// merge into the account of the same address once that account has proven it. Linked from the
// customers list's "ordered without an account" and from each of their orders.

/** The address in the URL (trimmed, at most 254 characters, with an @), else the page's 404. */
function emailOf(request: Request): string {
  const email = (new URL(request.url).searchParams.get("email") ?? "").trim();
  // A control character (a NUL: PostgreSQL refuses it in text) is no address anyone ordered with.
  if (!email || email.length > 254 || !email.includes("@") || /\p{Cc}/u.test(email)) pageError(new DomainError("CUSTOMER_NOT_FOUND", "No address given."));
  return email;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const guest = await getGuestCustomer(db, emailOf(request));
  if (!guest) pageError(new DomainError("CUSTOMER_NOT_FOUND", "Nobody ordered under this address without an account."));
  return {
    guest,
    title: tns("atelier-customers")("guest.meta", { name: `${guest.firstName} ${guest.lastName}` }),
    texts: pickTexts(locale, ["atelier-customers", "atelier-orders"]),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff } = getAtelierContext(context);
  const email = emailOf(request);
  const submission = parseIntentForm(await readFormData(request), GuestCustomerActionSchema, ["merge", "note", "tags"]);
  if (submission.status !== "success") return invalidForm(submission);
  const form = submission.value;
  const actor = staffActor(staff);
  const guest = { kind: "guest" as const, email };
  try {
    switch (form.intent) {
      case "merge": {
        const merged = await mergeGuestIntoAccount(db, email, actor);
        addStaffNotice(context, { kind: "success", key: "atelier-customers:guest.merged", values: { count: String(merged.orders) } });
        throw redirect(atelierHref(context, `/atelier/customers/${merged.userId}`), 303);
      }
      case "note":
        await addCustomerNote(db, guest, form.body, actor);
        addStaffNotice(context, { kind: "success", key: "atelier-customers:record.noteAdded" });
        break;
      case "tags":
        await setCustomerTags(db, guest, form.tags, actor);
        addStaffNotice(context, { kind: "success", key: "atelier-customers:record.tagsSaved" });
        break;
    }
  } catch (error) {
    if (error instanceof Response) throw error;
    return formError(submission, error);
  }
  throw redirect(`${atelierHref(context, "/atelier/customers/guest")}?${new URLSearchParams({ email })}`, 303);
}

export const headers = privatePageHeaders;

type Order = Route.ComponentProps["loaderData"]["guest"]["orders"][number];

export default function AtelierGuestCustomer({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-customers");
  const { t: to } = useTranslation("atelier-orders");
  const { href, locale } = useLocale();
  const { guest } = loaderData;
  const name = `${guest.firstName} ${guest.lastName}`;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const intent = typeof result?.initialValue?.intent === "string" ? result.initialValue.intent : null;
  const navigation = useNavigation();
  const columns: Column<Order>[] = [
    {
      key: "number",
      header: to("list.number"),
      rowHeader: true,
      cell: (o) => (
        <Link to={href(`/atelier/orders/${o.id}`)} className="link font-mono text-xs sm:text-sm">
          {o.number}
        </Link>
      ),
    },
    { key: "date", header: to("list.date"), wide: true, cell: (o) => <span className="whitespace-nowrap">{formatRomeShortDateTime(String(o.placedAt), locale)}</span> },
    { key: "status", header: to("list.status"), cell: (o) => <OrderDeskBadges status={o.status} paymentStatus={o.paymentStatus} shippingStatus={o.shippingStatus} /> },
    { key: "total", header: to("list.total"), numeric: true, cell: (o) => <span className="whitespace-nowrap">{formatMoney(o.totalCents, locale)}</span> },
  ];
  return (
    <>
      <p className="mb-3 text-sm">
        <Link to={href("/atelier/customers")} className="link">
          <span aria-hidden="true">← </span>
          {t("guest.back")}
        </Link>
      </p>
      <PageHeader title={t("guest.title", { name })} description={t("guest.intro", { email: guest.email })} />
      <div className="space-y-8">
        <CustomerFigures figures={guest.record.figures} />
        <section aria-labelledby="guest-orders">
          <h2 id="guest-orders" className="mb-3 text-2xl">
            {t("guest.ordersTitle")}
          </h2>
          <DataTable caption={t("guest.ordersTitle")} captionHidden columns={columns} rows={guest.orders} rowKey={(o) => String(o.id)} />
          <p className="mt-2 text-sm">
            <Link to={`${href("/atelier/orders")}?${new URLSearchParams({ q: guest.email })}`} className="link">
              {t("guest.allOrders")}
            </Link>
          </p>
        </section>
        <CustomerRecordPanels record={guest.record} result={result} intent={intent} />
        {guest.account ? (
          <BoxSection id="guest-merge" title={t("guest.merge")}>
            {guest.account.mergeable ? (
              <>
                <p className="text-sm">{t("guest.mergeIntro", { name: `${guest.account.firstName} ${guest.account.lastName}` })}</p>
                <Form method="post">
                  <input type="hidden" name="intent" value="merge" />
                  <SubmitButton
                    pending={navigation.state === "submitting" && navigation.formData?.get("intent") === "merge"}
                    pendingLabel={t("guest.merge")}
                    className="btn btn-primary"
                  >
                    {t("guest.mergeSubmit", { name: `${guest.account.firstName} ${guest.account.lastName}` })}
                  </SubmitButton>
                </Form>
                {intent === "merge" && result?.status === "error" ? <p className="text-sm text-sale" role="alert">{t("record.mergeNotPossible")}</p> : null}
              </>
            ) : (
              <p className="text-sm text-stone">{t("guest.mergeUnproven", { name: `${guest.account.firstName} ${guest.account.lastName}` })}</p>
            )}
          </BoxSection>
        ) : null}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
