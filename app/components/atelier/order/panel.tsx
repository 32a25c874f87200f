import type { ReactNode } from "react";

/** One panel of the order's page: a titled box (the page is its panels, decision 046). */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="border border-line bg-paper p-4">
      <h2 id={`${id}-title`} className="mb-3 font-display text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
