import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/orders-ship";
import { AtelierErrorBoundary } from "~/components/atelier/atelier-error";
import { HeadRow } from "~/components/atelier/kit";
import { atelierMeta } from "~/components/atelier/meta";
import { PageHeader } from "~/components/atelier/page-header";
import { OrderDeskBadges } from "~/components/atelier/order-desk-badges";
import { FieldError, FormErrors, SubmitButton, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { pickTexts } from "~/i18n/resources";
import { getAtelierContext } from "~/middleware/request-context.server";
import { CARRIERS, carrierByName } from "~/modules/order/carriers";
import { BulkShipSchema, parseOrderIds } from "~/modules/order/order-desk.schema";
import { ordersForBulk } from "~/modules/order/order-desk.service.server";
import { shipOrders } from "~/modules/order/fulfilment.service.server";
import { getShopSettings } from "~/modules/settings/shop-settings.server";
import { invalidForm, parseForm, readFormData } from "~/utils/form.server";
import { privatePageHeaders } from "~/utils/private-page-headers";
import { addStaffNotice, atelierHref, staffActor } from "./staff-context.server";

// /atelier/orders/ship?id=…&id=… (issue 42 part 5): the orders ticked in the list, shipped in one
// form — per order its carrier (the shop's usual one to start with) and tracking number. Orders
// that cannot be shipped now are listed apart, outside the form. Each order is shipped as its own
// page ships it (its e-mail, its audit entry); one shipped meanwhile by someone else is named in
// a notice and stops nothing else.

export async function loader({ context, request }: Route.LoaderArgs) {
  const { db, locale, tns } = getAtelierContext(context);
  const ids = parseOrderIds(new URL(request.url).searchParams);
  const [orders, settings] = await Promise.all([ordersForBulk(db, ids), getShopSettings(db)]);
  return {
    orders,
    defaultCarrier: carrierByName(settings.courier)?.id ?? CARRIERS[0].id,
    title: tns("atelier-orders")("meta.bulkShip"),
    texts: pickTexts(locale, ["atelier-orders"]),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db, staff: viewer, tns } = getAtelierContext(context);
  const submission = parseForm(await readFormData(request), BulkShipSchema);
  if (submission.status !== "success") return invalidForm(submission);
  const result = await shipOrders(db, submission.value.shipments, new Date(), staffActor(viewer));
  const t = tns("atelier-orders");
  // One notice for all the orders refused (the notices keep the last few only), then the count shipped.
  if (result.refused.length) {
    const list = result.refused.map((refused) => t("bulk.refusedOne", { number: refused.number, reason: t(refused.messageKey as never) })).join("; ");
    addStaffNotice(context, { kind: "error", key: "atelier-orders:bulk.refused", values: { list } });
  }
  if (result.shipped.length) addStaffNotice(context, { kind: "success", key: "atelier-orders:bulk.shipped", values: { count: String(result.shipped.length) } });
  throw redirect(atelierHref(context, "/atelier/orders"), 303);
}

export const headers = privatePageHeaders;

export default function AtelierOrdersShip({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("atelier-orders");
  const { href } = useLocale();
  const { orders, defaultCarrier } = loaderData;
  const shippable = orders.filter((order) => order.shippable);
  const others = orders.filter((order) => !order.shippable);
  const formRef = useFormRef();
  const kit = useFormKit("bulk-ship", actionData?.result, shippable.flatMap((_, i) => [`shipments[${i}].carrier`, `shipments[${i}].tracking`]), formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader
        title={t("bulk.shipTitle")}
        description={t("bulk.shipIntro")}
        actions={
          <Link to={href("/atelier/orders")} className="link">
            {t("bulk.back")}
          </Link>
        }
      />
      {orders.length === 0 ? <p className="text-stone">{t("bulk.none")}</p> : null}
      {shippable.length ? (
        <Form method="post" ref={formRef} noValidate={kit.hydrated} aria-labelledby="page-title" className="space-y-4" data-testid="bulk-ship">
          <FormErrors kit={kit} />
          {/* A region with a name, focusable so a keyboard can scroll a table wider than the screen. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className="overflow-x-auto border border-line bg-paper" role="region" aria-label={t("bulk.shipCaption")} tabIndex={0}>
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t("bulk.shipCaption")}</caption>
              <thead className="bg-sand/60">
                <HeadRow cell="px-3 py-2 font-medium" columns={[{ label: t("list.number") }, { label: t("list.customer") }, { label: t("actions.carrier") }, { label: t("actions.tracking") }]} />
              </thead>
              <tbody>
                {shippable.map((order, i) => {
                  const carrier = `shipments[${i}].carrier`;
                  const tracking = `shipments[${i}].tracking`;
                  return (
                    <tr key={order.id} className="border-t border-line align-top">
                      <th scope="row" className="px-3 py-2 text-left font-medium">
                        <input type="hidden" name={`shipments[${i}].orderId`} value={order.id} />
                        <span className="font-mono">{order.number}</span>
                      </th>
                      <td className="px-3 py-2">
                        {order.firstName} {order.lastName}
                        <span className="block text-xs text-stone">{`${t("list.items")}: ${order.itemCount}`}</span>
                      </td>
                      <td className="px-3 py-2">
                        <label htmlFor={`bulk-ship-${carrier}`} className="sr-only">
                          {`${t("actions.carrier")} ${order.number}`}
                        </label>
                        <select {...controlProps(kit, carrier)} defaultValue={kit.value(carrier) || defaultCarrier} className="field-input min-w-32">
                          {CARRIERS.map((c) => (
                            <option key={c.id} value={c.id}>
                              {c.name}
                            </option>
                          ))}
                        </select>
                        <FieldError id={`bulk-ship-${carrier}-error`} errors={kit.errors(carrier)} />
                      </td>
                      <td className="px-3 py-2">
                        <label htmlFor={`bulk-ship-${tracking}`} className="sr-only">
                          {`${t("actions.tracking")} ${order.number}`}
                        </label>
                        <input {...controlProps(kit, tracking)} defaultValue={kit.value(tracking)} required minLength={6} maxLength={60} autoComplete="off" spellCheck={false} className="field-input min-w-44 font-mono" />
                        <FieldError id={`bulk-ship-${tracking}-error`} errors={kit.errors(tracking)} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <SubmitButton pending={pending} pendingLabel={t("bulk.shipping")} className="btn btn-primary">
            {t("bulk.shipSubmit")}
          </SubmitButton>
        </Form>
      ) : null}
      {others.length ? (
        <section aria-labelledby="bulk-not-shippable" className="mt-8">
          <h2 id="bulk-not-shippable" className="mb-1 text-xl">
            {t("bulk.notShippable")}
          </h2>
          <p className="mb-3 text-sm text-stone">{t("bulk.notShippableIntro")}</p>
          <ul className="space-y-2 text-sm">
            {others.map((order) => (
              <li key={order.id} className="flex flex-wrap items-center gap-3">
                <Link to={href(`/atelier/orders/${order.id}`)} className="link font-mono">
                  {order.number}
                </Link>
                <OrderDeskBadges status={order.status} paymentStatus={order.paymentStatus} shippingStatus={order.shippingStatus} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ data }) => atelierMeta(data?.title);

export const ErrorBoundary = AtelierErrorBoundary;
