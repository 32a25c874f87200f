import type { ReactNode } from "react";
import { Hint } from "~/components/ui/form-kit";

/** A group of the owner's settings: a legend, an optional hint, its fields in two columns from the tablet up. */
export function SettingsFieldset({ legend, hint, children, id }: { legend: string; hint?: string; children: ReactNode; id: string }) {
  return (
    <fieldset id={id} className="border border-line bg-paper p-4" aria-describedby={hint ? `${id}-hint` : undefined}>
      <legend className="px-1 font-display text-2xl">{legend}</legend>
      {hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
