import type { ReactNode } from "react";

/** The sign-in steps' card: a narrow column with the step's title (the page's h1) and intro. */
export function SignInCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-md py-6 desk:py-12">
      <h1 id="page-title" className="mb-2 text-4xl">
        {title}
      </h1>
      {intro ? <div className="mb-6 text-stone">{intro}</div> : null}
      {children}
    </section>
  );
}
