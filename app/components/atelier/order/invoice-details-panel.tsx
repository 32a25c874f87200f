import { CreditNotes, type CreditNotesData } from "~/components/atelier/credit-notes";
import { InvoicePanel, type InvoicePanelData } from "~/components/atelier/invoice-panel";
import { useTranslation } from "~/hooks/use-translation";
import { withDateArticlesT } from "~/utils/date-article";
import { Panel } from "./panel";
import type { DeskOrder } from "./types";

/** The invoice the shopper asked for at checkout, and the electronic invoice and credit notes. */
export function InvoiceDetailsPanel({ invoice, invoicePanel, creditNotes }: { invoice: DeskOrder["invoice"]; invoicePanel: InvoicePanelData; creditNotes: CreditNotesData }) {
  const t = withDateArticlesT(useTranslation("atelier-orders").t);
  return (
    <Panel id="invoice" title={t("order.invoice")}>
      {invoice ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {invoice.type === "person" ? (
            <>
              <dt className="text-stone">{t("order.fiscalCode")}</dt>
              <dd className="font-mono">{invoice.fiscalCode}</dd>
            </>
          ) : (
            <>
              <dt className="text-stone">{t("order.companyName")}</dt>
              <dd>{invoice.companyName}</dd>
              <dt className="text-stone">{t("order.vatNumber")}</dt>
              <dd className="font-mono">{invoice.vatNumber}</dd>
              {invoice.sdiCode ? (
                <>
                  <dt className="text-stone">{t("order.sdiCode")}</dt>
                  <dd className="font-mono">{invoice.sdiCode}</dd>
                </>
              ) : null}
              {invoice.pec ? (
                <>
                  <dt className="text-stone">{t("order.pec")}</dt>
                  <dd className="break-all">{invoice.pec}</dd>
                </>
              ) : null}
            </>
          )}
        </dl>
      ) : (
        <p className="text-sm text-stone">{t("order.invoiceNone")}</p>
      )}
      {/* The electronic invoice (helper h-invoice's panel and routes): issue it, download it. */}
      {invoicePanel.request ? (
        <div className="mt-4 border-t border-line pt-4 text-sm">
          <InvoicePanel data={invoicePanel} />
          <CreditNotes data={creditNotes} />
        </div>
      ) : null}
    </Panel>
  );
}
