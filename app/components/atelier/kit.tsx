import type { ReactNode, RefObject } from "react";
import { Form, Link } from "react-router";
import { type FormKit, FormErrors, SubmitButton } from "~/components/ui/form-kit";

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
