import { Link } from "react-router";
import { Picture } from "~/components/catalog/product-card";
import type { ContentListItem } from "~/modules/content/content.service.server";

/** Cards of journal posts or care-guide articles, newest first. */
export function ContentList({ items, dates }: { items: ContentListItem[]; dates: Record<string, string> }) {
  return (
    <ul className="grid gap-x-6 gap-y-12 md:grid-cols-2 desk:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.key}>
          <article className="group relative">
            <Picture
              image={item.cover}
              sizes="(min-width: 984px) 30vw, (min-width: 768px) 45vw, 100vw"
              alt=""
              loading={index < 3 ? "eager" : "lazy"}
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
  );
}
