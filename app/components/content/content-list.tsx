import { Link } from "react-router";
import { Picture } from "~/components/catalog/product-card";
import type { ContentListItem } from "~/modules/content/content.service.server";

/**
 * Cards of journal posts or care-guide articles, newest first. With `lead` (the journal's first
 * page) the newest is the lead story: its picture large beside its title and excerpt, as a
 * magazine opens; the others follow in the grid.
 */
export function ContentList({ items, dates, lead = false }: { items: ContentListItem[]; dates: Record<string, string>; lead?: boolean }) {
  const [first, ...rest] = lead ? items : [];
  const grid = lead ? rest : items;
  return (
    <>
      {first ? (
        <article className="group relative mb-16 grid items-center gap-6 border-b border-line pb-16 desk:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] desk:gap-12" data-testid="lead-story">
          <Picture
            image={first.cover}
            sizes="(min-width: 984px) 56vw, 100vw"
            alt=""
            loading="eager"
            fetchPriority="high"
            decoding="async"
            className="aspect-[4/5] h-auto w-full bg-sand object-cover desk:aspect-[5/4]"
          />
          <div>
            <p className="mb-3 text-xs tracking-widest text-stone uppercase">
              <time dateTime={first.publishedAt}>{dates[first.key]}</time>
            </p>
            <h2 className="mb-4 text-4xl desk:text-5xl">
              <Link to={first.url} className="after:absolute after:inset-0 hover:text-terracotta">
                {first.title}
              </Link>
            </h2>
            <p className="text-lg text-stone">{first.excerpt}</p>
          </div>
        </article>
      ) : null}
      <ul className="grid gap-x-6 gap-y-12 md:grid-cols-2 desk:grid-cols-3">
        {grid.map((item, index) => (
          <li key={item.key}>
            <article className="group relative">
              <Picture
                image={item.cover}
                sizes="(min-width: 984px) 30vw, (min-width: 768px) 45vw, 100vw"
                alt=""
                loading={!lead && index < 3 ? "eager" : "lazy"}
                decoding="async"
                className="mb-4 aspect-[4/5] h-auto w-full bg-sand object-cover"
              />
              <p className="mb-2 text-xs tracking-widest text-stone uppercase">
                <time dateTime={item.publishedAt}>{dates[item.key]}</time>
              </p>
              <h2 className="mb-2 text-2xl desk:text-3xl">
                <Link to={item.url} className="after:absolute after:inset-0 hover:text-terracotta">
                  {item.title}
                </Link>
              </h2>
              <p className="text-stone">{item.excerpt}</p>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
