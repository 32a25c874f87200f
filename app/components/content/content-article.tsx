import type { ResponsiveImage } from "~/modules/media/drawn-image";
import { Breadcrumbs, type Crumb } from "~/components/catalog/breadcrumbs";
import { Picture } from "~/components/catalog/product-card";

/**
 * A page, journal post, care-guide article or "inside" story: title, optional date and cover,
 * then the body rendered on the server from Markdown (raw HTML is escaped there).
 */
export function ContentArticle({
  title,
  excerpt,
  html,
  date,
  cover,
  coverAlt = "",
  breadcrumbs,
}: {
  title: string;
  excerpt?: string;
  html: string;
  /** Already formatted for the reader's locale. */
  date?: { iso: string; label: string };
  cover?: ResponsiveImage;
  /** A cover photograph's alt text; a drawing's is "" (decorative). */
  coverAlt?: string;
  breadcrumbs?: Crumb[];
}) {
  return (
    <article className="container-page pb-20 pt-6 desk:pt-10">
      {breadcrumbs ? <Breadcrumbs items={breadcrumbs} /> : null}
      <header className={`mx-auto mb-10 max-w-3xl ${cover ? "" : "border-b border-line pb-8"}`}>
        {date ? (
          <p className="eyebrow mb-4">
            <time dateTime={date.iso}>{date.label}</time>
          </p>
        ) : null}
        <h1 className="mb-5 text-4xl desk:text-6xl">{title}</h1>
        {excerpt ? <p className="text-lg text-stone">{excerpt}</p> : null}
      </header>
      {cover ? (
        <Picture
          image={cover}
          sizes="(min-width: 984px) 720px, 100vw"
          alt={coverAlt}
          fetchPriority="high"
          className="mx-auto mb-12 aspect-[4/5] h-auto w-full max-w-md bg-sand object-cover desk:max-w-xl"
        />
      ) : null}
      {/* Safe: rendered by markdown-it with raw HTML disabled (app/modules/content/markdown.server.ts). */}
      <div className="prose mx-auto max-w-3xl" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
