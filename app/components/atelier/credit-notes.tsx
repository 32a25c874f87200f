import { Form } from "react-router";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { INTL_LOCALE } from "~/utils/locale";
import { formatMoney } from "~/utils/money";

/** What the order's page passes (the credit-note service's creditNotesPanelData gives it). */
export interface CreditNotesData {
  orderId: number;
  invoiced: boolean;
  notes: { id: number; number: string; issueDate: string; fileName: string; totalCents: number }[];
  /** Refunds of the invoiced order still without their note (the schema refused it): the button issues them. */
  missing: number;
}

/**
 * The invoice panel's credit notes (TD04): each with its number, date, amount and XML file, and
 * a button (a plain form post) for refunds whose note is still to issue. Nothing for an order
 * without an invoice.
 */
export function CreditNotes({ data }: { data: CreditNotesData }) {
  const { t } = useTranslation("atelier-invoices");
  const { locale, href } = useLocale();
  if (!data.invoiced || (!data.notes.length && !data.missing)) return null;
  const date = (day: string) => new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  return (
    <section aria-labelledby="credit-notes-title" className="mt-4 space-y-2 border-t border-line pt-4 text-sm" data-testid="credit-notes">
      <h3 id="credit-notes-title" className="font-sans text-sm font-normal tracking-widest text-stone uppercase">
        {t("creditNotes.title")}
      </h3>
      {data.notes.length ? (
        <ul className="space-y-2">
          {data.notes.map((note) => (
            <li key={note.id}>
              <p>{t("creditNotes.item", { number: note.number, date: date(note.issueDate), amount: formatMoney(note.totalCents, locale) })}</p>
              <p>
                <a href={href(`/atelier/orders/${data.orderId}/credit-notes/${note.id}`)} download={note.fileName} className="underline [overflow-wrap:anywhere]">
                  {t("creditNotes.download", { fileName: note.fileName })}
                </a>
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {data.missing ? (
        <Form method="post" action={href(`/atelier/orders/${data.orderId}/credit-notes`)} className="space-y-2">
          <p className="text-stone">{t("creditNotes.missing", { count: data.missing })}</p>
          <button type="submit" className="btn btn-secondary">
            {t("creditNotes.issue")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
