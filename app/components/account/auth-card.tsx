import type { ReactNode } from "react";

/** The login pages' frame: a centred card with the page's heading and intro. */
export function AuthCard({ title, intro, children, aside }: { title: string; intro?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={`container-page grid gap-8 py-10 desk:py-16 ${aside ? "desk:grid-cols-2 desk:gap-16" : "max-w-xl"}`}>
      <section aria-labelledby="page-title" className="bg-paper p-6 shadow-sm desk:p-10">
        <h1 id="page-title" className="mb-3 text-4xl">
          {title}
        </h1>
        {intro ? <p className="mb-8 text-stone">{intro}</p> : null}
        {children}
      </section>
      {aside}
    </div>
  );
}
