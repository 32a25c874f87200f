import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode, RefObject } from "react";
import { Form, Link, useNavigation } from "react-router";
import { CheckboxField, type FormKit, FormErrors, SubmitButton, useFormKit, useFormRef } from "~/components/ui/form-kit";
import { FileField } from "./editor-kit";

// Atelier's UI kit (decision 046): the page pieces its routes kept writing again, once. The form
// pieces only Atelier's editors use are beside it in editor-kit.tsx; tables in data-table.tsx,
// a page's heading in page-header.tsx.

/** A titled part of a page: the title an h2 that names the section (className: its spacing). */
export function Section({ id, title, children, className, headingClassName = "mb-3 text-2xl" }: { id: string; title: string; children: ReactNode; className?: string; headingClassName?: string }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A titled part of a page in a box (an editor's group of fields, say), with an optional line below the title. */
export function BoxSection({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-4 border border-line bg-paper p-4">
      <h2 id={id} className="text-xl">
        {title}
      </h2>
      {hint ? <p className="text-sm text-stone">{hint}</p> : null}
      {children}
    </section>
  );
}

export interface HeadColumn {
  label: ReactNode;
  /** Numbers and money: right-aligned. */
  numeric?: boolean;
  /** Classes of this column's header only (hidden on phones, say). */
  className?: string;
}

/** A table's row of column headers (scope="col"): `cell` the classes every header shares. */
export function HeadRow({ columns, cell, className }: { columns: readonly HeadColumn[]; cell: string; className?: string }) {
  return (
    <tr className={className}>
      {columns.map((column, i) => (
        <th key={i} scope="col" className={[column.className, cell, column.numeric ? "text-right" : "text-left"].filter(Boolean).join(" ")}>
          {column.label}
        </th>
      ))}
    </tr>
  );
}

/**
 * A record's form in a box below its list (a banner message, a closure, a promotion): new, or the
 * one being edited (its id posted along), the form's errors first, the fields in a grid of two or
 * three columns, and the submit button with a link that leaves the editing.
 */
export function RecordFormCard({
  id,
  title,
  heading: Heading = "h2",
  intent,
  recordId,
  kit,
  formRef,
  columns,
  pending,
  pendingLabel,
  submitLabel,
  cancel,
  children,
}: {
  id: string;
  title: string;
  heading?: "h2" | "h3";
  intent: string;
  recordId: number | undefined;
  kit: FormKit;
  formRef: RefObject<HTMLFormElement | null>;
  columns: 2 | 3;
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  cancel: { href: string; label: string } | null;
  children: ReactNode;
}) {
  const span = columns === 3 ? "sm:col-span-3" : "sm:col-span-2";
  return (
    <section aria-labelledby={id} className="mt-8 max-w-3xl border border-line bg-paper p-4">
      <Heading id={id} className="mb-4 text-2xl">
        {title}
      </Heading>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className={`grid gap-4 ${columns === 3 ? "sm:grid-cols-3" : "sm:grid-cols-2"}`} aria-labelledby={id}>
        <input type="hidden" name="intent" value={intent} />
        {recordId !== undefined ? <input type="hidden" name="id" value={recordId} /> : null}
        <div className={span}>
          <FormErrors kit={kit} />
        </div>
        {children}
        <div className={`flex flex-wrap items-center gap-4 ${span}`}>
          <SubmitButton pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
          {cancel ? (
            <Link to={cancel.href} className="link">
              {cancel.label}
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

/**
 * A small post button of a table's row (delete, end, revoke): a real form, so it works without
 * JavaScript; `fields` its hidden fields after the intent, `label` what a screen reader hears.
 */
export function RowAction({ intent, fields, label, className, children }: { intent: string; fields: Record<string, string | number>; label: string; className?: string; children: ReactNode }) {
  return (
    <Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="link inline-flex min-h-6 items-center" aria-label={label}>
        {children}
      </button>
    </Form>
  );
}

/** A kit form's inside: its intent, its errors, `children` (its fields), its button. */
function KitFormBody({
  kit,
  intent,
  pending,
  pendingLabel,
  submitLabel,
  submitClassName,
  children,
}: {
  kit: FormKit;
  intent: string | undefined;
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  submitClassName: string | undefined;
  children: ReactNode;
}) {
  return (
    <>
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <FormErrors kit={kit} />
      {children}
      <div>
        <SubmitButton pending={pending} pendingLabel={pendingLabel} className={submitClassName}>
          {submitLabel}
        </SubmitButton>
      </div>
    </>
  );
}

/** What a photograph's file input takes: the types the image pipeline reads. */
export const PHOTOGRAPH_TYPES = "image/jpeg,image/png,image/webp,image/avif";

/**
 * A form that uploads a file (multipart): the form's errors first, then `children` (the fields
 * that go with the file), the file last (an upload refused from its first bytes keeps the fields
 * before it; the error shows at the file), and the submit button. `heading` above everything.
 */
export function UploadForm({
  kit,
  formRef,
  intent,
  file,
  pending,
  pendingLabel,
  submitLabel,
  submitClassName,
  className,
  label,
  heading,
  children,
}: {
  kit: FormKit;
  formRef: RefObject<HTMLFormElement | null>;
  /** Posted as `intent`, when the page has more than one form. */
  intent?: string;
  file: { name: string; label: ReactNode; hint: ReactNode; accept?: string };
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  submitClassName?: string;
  className: string;
  /** The form's accessible name, when nothing around it gives one. */
  label?: string;
  heading?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} noValidate={kit.hydrated} className={className} aria-label={label}>
      {heading}
      <KitFormBody kit={kit} intent={intent} pending={pending} pendingLabel={pendingLabel} submitLabel={submitLabel} submitClassName={submitClassName}>
        {children}
        <FileField kit={kit} name={file.name} label={file.label} hint={file.hint} accept={file.accept ?? PHOTOGRAPH_TYPES} />
      </KitFormBody>
    </Form>
  );
}

/**
 * A step that cannot be undone (delete a record, erase a customer) in a box with a red border
 * below the page: what it does, the form's errors, `children` (a box to tick, why it is refused
 * now), and its button. `confirm`: the label of a required "I am sure" box (posted as `confirm`).
 */
export function ConfirmCard({
  id,
  title,
  intro,
  intent,
  kit,
  formRef,
  confirm,
  pending,
  pendingLabel,
  submitLabel,
  submitClassName = "btn btn-secondary",
  className,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  intent: string;
  kit: FormKit;
  formRef: RefObject<HTMLFormElement | null>;
  confirm?: ReactNode;
  pending: boolean;
  pendingLabel: string;
  submitLabel: string;
  submitClassName?: string;
  /** The box's place on the page (margins, width). */
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={[className, "border border-sale/40 bg-paper p-4"].filter(Boolean).join(" ")}>
      <h2 id={id} className="mb-2 text-xl">
        {title}
      </h2>
      <p className="mb-4 text-sm text-stone">{intro}</p>
      <Form method="post" ref={formRef} noValidate={kit.hydrated} className="grid gap-4">
        <KitFormBody kit={kit} intent={intent} pending={pending} pendingLabel={pendingLabel} submitLabel={submitLabel} submitClassName={submitClassName}>
          {children}
          {confirm ? <CheckboxField kit={kit} name="confirm" label={confirm} required /> : null}
        </KitFormBody>
      </Form>
    </section>
  );
}

/**
 * A record's deletion behind an "I understand" box (intent "delete", field "confirm"): the
 * editor's last card (a store, a size guide). `texts` are the card's words, translated.
 */
export function DeleteRecordCard({
  id,
  result,
  texts,
}: {
  id: string;
  result: SubmissionResult<string[]> | undefined;
  texts: { title: string; intro: string; confirm: string; submit: string; pending: string };
}) {
  const formRef = useFormRef();
  const kit = useFormKit(id, result, ["confirm"], formRef);
  const pending = useNavigation().state === "submitting";
  return (
    <ConfirmCard
      id={id}
      title={texts.title}
      intro={texts.intro}
      intent="delete"
      kit={kit}
      formRef={formRef}
      confirm={texts.confirm}
      pending={pending}
      pendingLabel={texts.pending}
      submitLabel={texts.submit}
      className="mt-10 max-w-xl"
    />
  );
}
