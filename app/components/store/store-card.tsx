import { useTranslation } from "~/hooks/use-translation";
import { addressLines, groupOpeningHours, mapSearchUrl, telHref } from "~/modules/store/store-format";
import type { OpeningHours } from "~/modules/store/store.schema";
import type { StoreCard as StoreCardData } from "~/modules/store/store.service.server";

/** One boutique or corner: address, phone, opening hours and a map search for the address. The map's pin links to its heading, and the card shows it is the one chosen. */
export function StoreCard({ store }: { store: StoreCardData }) {
  const { t } = useTranslation("stores");
  const titleId = `store-${store.id}`;
  const [street, city, country] = addressLines(store);
  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col border border-line bg-paper p-5 transition-colors has-[:target]:border-terracotta has-[:target]:ring-1 has-[:target]:ring-terracotta desk:p-6"
      data-testid="store-card">
      <p className="eyebrow mb-2">
        {t(`kinds.${store.kind}`)} · {store.regionName}
      </p>
      <h3 id={titleId} className="mb-4 scroll-mt-12 text-2xl desk:text-3xl">
        {store.name}
      </h3>
      <dl className="grow space-y-4 text-[0.9375rem]">
        <div>
          <dt className="sr-only">{t("card.address")}</dt>
          <dd>
            <address className="not-italic">
              {street}
              <br />
              {city}
              <br />
              {country}
            </address>
          </dd>
        </div>
        <div className="flex flex-wrap items-baseline gap-x-2">
          <dt className="text-sm text-stone">{t("card.phone")}</dt>
          <dd>
            <a href={telHref(store.phone)} className="inline-flex min-h-11 items-center tabular-nums underline transition-colors hover:text-terracotta">
              {store.phone}
            </a>
          </dd>
        </div>
        <div>
          <dt className="mb-1 text-sm text-stone">{t("card.hours")}</dt>
          <dd>
            <OpeningHoursList hours={store.hours} />
          </dd>
        </div>
      </dl>
      <a
        href={mapSearchUrl(store)}
        target="_blank"
        rel="noopener noreferrer"
        className="link mt-5 inline-flex min-h-11 items-center gap-2 self-start text-sm font-semibold tracking-widest uppercase underline"
        data-testid="store-map-link"
      >
        {t("card.map")}
        <span className="sr-only"> {t("card.mapDetail", { name: store.name })}</span>
        <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true" focusable="false">
          <path d="M6 3h7v7M13 3 4 12" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </a>
    </article>
  );
}

/** The week, consecutive days with the same hours merged into one line. */
function OpeningHoursList({ hours }: { hours: OpeningHours }) {
  const { t } = useTranslation("stores");
  return (
    <ul className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
      {groupOpeningHours(hours).map((span) => (
        <li key={span.first} className="col-span-2 grid grid-cols-subgrid">
          <span>{span.first === span.last ? t(`days.${span.first}`) : t("dayRange", { first: t(`days.${span.first}`), last: t(`days.${span.last}`) })}</span>
          <span className={span.ranges.length ? "tabular-nums" : "text-stone"}>
            {span.ranges.length ? span.ranges.map(([opens, closes]) => `${opens}–${closes}`).join(", ") : t("card.closed")}
          </span>
        </li>
      ))}
    </ul>
  );
}
