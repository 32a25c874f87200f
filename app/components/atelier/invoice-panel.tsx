import { Form } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { InvoiceRequest } from "~/modules/checkout/checkout.schema";
import { INTL_LOCALE } from "~/utils/locale";
import { withDateArticlesT } from "~/utils/date-article";

/** What the order's page passes (the invoice service's invoicePanelData gives it). */
export interface InvoicePanelData {
  orderId: number;
  /** The shopper's invoice request at checkout; null: none was asked, and the panel shows nothing. */
  request: InvoiceRequest | null;
  /** Whether the order may be invoiced now (paid, nothing refunded). */
  invoiceable: boolean;
  invoice: { number: string; issueDate: string; fileName: string } | null;
}

/**
 * The order page's electronic invoice: the issued invoice's number and date with its XML file, or
 * a button that issues it (a plain form post, no JavaScript needed), or nothing when the shopper
 * asked for no invoice.
 */
export function InvoicePanel({ data }: { data: InvoicePanelData }) {
  const t = withDateArticlesT(useTranslation("atelier-invoices").t);
  const { locale, href } = useLocale();
  if (!data.request) return null;
  const base = href(`/atelier/orders/${data.orderId}/invoice`);
  const date = data.invoice ? new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${data.invoice.issueDate}T00:00:00Z`)) : "";
  return (
    <section aria-labelledby="invoice-panel-title" className="space-y-2">
      <h2 id="invoice-panel-title" className="font-sans text-sm font-normal tracking-widest text-stone uppercase">
        {t("panel.title")}
      </h2>
      <p>
        {data.request.type === "person"
          ? t("panel.requestPerson", { code: data.request.fiscalCode })
          : t("panel.requestCompany", { name: data.request.companyName, vatNumber: data.request.vatNumber })}
      </p>
      {data.invoice ? (
        <>
          <p>{t("panel.issued", { number: data.invoice.number, date })}</p>
          <p>
            <a href={`${base}.xml`} download={data.invoice.fileName} className="underline">
              {t("panel.download", { fileName: data.invoice.fileName })}
            </a>
          </p>
          <p className="text-sm text-stone">{t("panel.handOver")}</p>
        </>
      ) : data.invoiceable ? (
        <Form method="post" action={base}>
          <button type="submit" className="btn btn-primary">
            {t("panel.issue")}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-stone">{t("panel.notPaid")}</p>
      )}
    </section>
  );
}
