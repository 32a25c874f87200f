import type { SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { Field, type FormKit, controlProps, valueAt } from "~/components/ui/form-kit";

// The form kit's pieces only Atelier's editors use, kept out of form-kit.tsx: every storefront
// page with a form loads that module, and should not carry the back office's (docs/decisions/004).

/**
 * An editor's kit (Atelier's forms over a stored record): the values of the last answer when
 * there is one (a failed save, or a preview that keeps what was typed), else the stored ones.
 */
export function withStoredValues(kit: FormKit, result: SubmissionResult<string[]> | undefined, stored: Record<string, string>): FormKit {
  const typed = (result?.initialValue ?? null) as Record<string, unknown> | null;
  return {
    ...kit,
    value: (name) => {
      if (!typed) return stored[name] ?? "";
      const value = valueAt(typed, name);
      return typeof value === "string" ? value : "";
    },
    checked: (name) => (typed ? valueAt(typed, name) === "on" : stored[name] === "on"),
  };
}

type TextAreaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id" | "defaultValue">;

/** A multi-line text in a Field. */
export function TextAreaField({ kit, name, label, hint, rows = 6, ...textarea }: { kit: FormKit; name: string; label: ReactNode; hint?: ReactNode } & TextAreaProps) {
  return (
    <Field kit={kit} name={name} label={label} hint={hint}>
      <textarea rows={rows} {...textarea} {...controlProps(kit, name, { hint: Boolean(hint) })} key={kit.resetKey} defaultValue={kit.value(name)} className="field-input resize-y" />
    </Field>
  );
}

/** A select in a Field: label above, hint and error below; it shows the kit's value again after an answer. */
export function SelectField({ kit, name, label, hint, required, children }: { kit: FormKit; name: string; label: string; hint?: string; required?: boolean; children: ReactNode }) {
  return (
    <Field kit={kit} name={name} label={label} hint={hint}>
      <select {...controlProps(kit, name, { hint: Boolean(hint) })} key={`${kit.resetKey}${kit.value(name)}`} defaultValue={kit.value(name)} required={required} className="field-input">
        {children}
      </select>
    </Field>
  );
}

/** An editor's save button (intent "save"), busy with a spinner while its form is sent; `form` ties it to a form it is not in. */
export function SaveButton({ pending, label, pendingLabel, className = "btn btn-primary", form }: { pending: boolean; label: string; pendingLabel: string; className?: string; form?: string }) {
  return (
    <button type="submit" form={form} name="intent" value="save" className={className} disabled={pending} aria-busy={pending || undefined}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </button>
  );
}

/**
 * A colour of the product's (its code posted): the first choice empty (`placeholder`: "every
 * colour", "choose"), `value` the one to show, the kit's by default.
 */
export function ColorSelect({
  kit,
  colors,
  label,
  placeholder,
  name = "color",
  value = kit.value(name),
}: {
  kit: FormKit;
  colors: readonly { code: string; name: string }[];
  label: string;
  placeholder: string;
  name?: string;
  value?: string;
}) {
  return (
    <Field kit={kit} name={name} label={label}>
      <select {...controlProps(kit, name)} key={kit.resetKey} defaultValue={value} className="field-input">
        <option value="">{placeholder}</option>
        {colors.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A file to upload in a Field (`accept`: the types the reader takes), its hint below; it starts empty again with the kit. */
export function FileField({ kit, name, label, hint, accept }: { kit: FormKit; name: string; label: ReactNode; hint: ReactNode; accept: string }) {
  return (
    <Field kit={kit} name={name} label={label} hint={hint}>
      <input {...controlProps(kit, name, { hint: true })} key={kit.resetKey} type="file" required accept={accept} className="field-input" />
    </Field>
  );
}
