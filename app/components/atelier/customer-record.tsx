import type { SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "react-router";
import { BoxSection } from "~/components/atelier/kit";
import { NoteList } from "~/components/atelier/note-list";
import { FieldError, FormErrors, Hint, SubmitButton, controlProps, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import { CUSTOMER_NOTE_MAX_LENGTH, CUSTOMER_TAGS_MAX } from "~/modules/account/customer-desk.schema";
import { withDateArticlesT } from "~/utils/date-article";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";

// A customer as a person (issue 42 part 4), the same on an account's page and a guest's: the
// figures (orders, what they brought in, the last one), the tags and the staff's notes, each
// form a plain post to the page with its intent.

export interface CustomerRecordView {
  figures: { orders: number; valueCents: number; lastOrderAt: string | null };
  tags: string[];
  notes: { id: number; author: string; body: string; createdAt: string }[];
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** Orders, lifetime value and last order, as three figures. */
export function CustomerFigures({ figures }: { figures: CustomerRecordView["figures"] }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const { locale } = useLocale();
  return (
    <dl className="grid grid-cols-3 gap-4 border border-line bg-paper p-4 text-sm" data-testid="customer-figures">
      <div>
        <dt className="text-stone">{t("record.orders")}</dt>
        <dd className="font-display text-2xl tabular-nums">{figures.orders}</dd>
      </div>
      <div>
        <dt className="text-stone">{t("record.value")}</dt>
        <dd className="font-display text-2xl tabular-nums">{formatMoney(figures.valueCents, locale)}</dd>
      </div>
      <div>
        <dt className="text-stone">{t("record.lastOrder")}</dt>
        <dd className="font-display text-2xl">{figures.lastOrderAt ? formatLongDate(figures.lastOrderAt, locale) : "—"}</dd>
      </div>
    </dl>
  );
}

/** The tags as they read on a customer's orders. */
export function CustomerTags({ tags }: { tags: string[] }) {
  const { t } = useTranslation("atelier-customers");
  return tags.length ? (
    <ul className="flex flex-wrap gap-1.5" aria-label={t("record.tags")}>
      {tags.map((tag) => (
        <li key={tag} className="border border-line bg-ivory px-2 py-0.5 text-xs">
          {tag}
        </li>
      ))}
    </ul>
  ) : null;
}

/** The tags and notes, each with its form. `result` is the last post's answer, for the form it came from. */
export function CustomerRecordPanels({ record, result, intent }: { record: CustomerRecordView; result: SubmissionResult<string[]> | undefined; intent: string | null }) {
  const t = withDateArticlesT(useTranslation("atelier-customers").t);
  const tagsRef = useFormRef();
  const tagsKit = useFormKit("customer-tags", intent === "tags" ? result : undefined, ["tags"], tagsRef);
  const noteRef = useFormRef();
  const noteKit = useFormKit("customer-note", intent === "note" ? result : undefined, ["body"], noteRef);
  return (
    <div className="grid items-start gap-6 desk:grid-cols-2">
      <BoxSection id="customer-tags-title" title={t("record.tags")}>
        <CustomerTags tags={record.tags} />
        <Form method="post" ref={tagsRef} className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="tags" />
          <label htmlFor="customer-tags-tags" className="block text-sm font-medium">
            {t("record.tagsLabel")}
          </label>
          <input
            {...controlProps(tagsKit, "tags", { hint: true })}
            key={record.tags.join(",")}
            defaultValue={intent === "tags" && result?.status === "error" ? tagsKit.value("tags") : record.tags.join(", ")} maxLength={CUSTOMER_TAGS_MAX * 42} className="field-input" />
          <Hint id="customer-tags-tags-hint">{t("record.tagsHint", { count: CUSTOMER_TAGS_MAX })}</Hint>
          <FieldError id="customer-tags-tags-error" errors={tagsKit.errors("tags")} />
          <SubmitButton pending={usePending("tags")} pendingLabel={t("record.tagsSubmit")} className="btn btn-secondary">
            {t("record.tagsSubmit")}
          </SubmitButton>
          <FormErrors kit={tagsKit} />
        </Form>
      </BoxSection>
      <BoxSection id="customer-notes-title" title={t("record.notes")}>
        {record.notes.length ? (
          <NoteList notes={record.notes} testId="customer-notes" />
        ) : (
          <p className="mb-4 text-sm text-stone">{t("record.notesEmpty")}</p>
        )}
        <Form method="post" ref={noteRef} className="space-y-2">
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="customer-note-body" className="block text-sm font-medium">
            {t("record.noteLabel")}
          </label>
          <textarea {...controlProps(noteKit, "body", { hint: true })} defaultValue={noteKit.value("body")} rows={3} maxLength={CUSTOMER_NOTE_MAX_LENGTH} required className="field-input" />
          <Hint id="customer-note-body-hint">{t("record.noteHint")}</Hint>
          <FieldError id="customer-note-body-error" errors={noteKit.errors("body")} />
          <SubmitButton pending={usePending("note")} pendingLabel={t("record.noteSubmit")} className="btn btn-secondary">
            {t("record.noteSubmit")}
          </SubmitButton>
          <FormErrors kit={noteKit} />
        </Form>
      </BoxSection>
    </div>
  );
}
