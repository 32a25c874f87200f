import { useTranslation } from "~/hooks/use-translation";
import type { StoreMap as StoreMapData } from "~/modules/store/store-map.server";

/**
 * The stores on a map of Italy and its neighbours, all drawn by the server (docs/decisions/030):
 * the land is an immutable image, the pins are links to the store cards below, each named by its
 * store, and the city names are drawn beside them. No script: it works as it arrives.
 */
export function StoreMap({ map }: { map: StoreMapData }) {
  const { t } = useTranslation("stores");
  return (
    <figure aria-labelledby="store-map-caption" className="border border-line bg-paper" data-testid="store-map">
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        width={map.width}
        height={map.height}
        role="group"
        aria-label={t("map.label")}
        className="block h-auto w-full bg-[#eceeea]"
      >
        <image href={map.landUrl} width={map.width} height={map.height} aria-hidden="true" />
        {map.pins.map((pin) => (
          <a key={pin.storeId} href={`#store-${pin.storeId}`} className="group outline-none" data-testid="store-pin" data-x={pin.x} data-y={pin.y}>
            <title>{pin.name}</title>
            {/* A wider target than the pin itself, for a finger. */}
            <circle cx={pin.x} cy={pin.y - 17} r={17} className="fill-transparent" />
            <circle cx={pin.x} cy={pin.y - 19} r={16} className="fill-none stroke-ink stroke-2 opacity-0 group-focus-visible:opacity-100" />
            <path
              d={`M${pin.x} ${pin.y}c-3-7-11-11-11-19a11 11 0 0 1 22 0c0 8-8 12-11 19z`}
              className="fill-terracotta stroke-paper stroke-2 transition-colors group-hover:fill-ink group-focus-visible:fill-ink"
            />
            <circle cx={pin.x} cy={pin.y - 19} r={4} className="fill-paper" />
          </a>
        ))}
        <g aria-hidden="true" className="fill-ink stroke-paper text-[20px] font-semibold [paint-order:stroke] [stroke-linejoin:round] [stroke-width:4px] sm:text-[14px]">
          {map.labels.map((label) => (
            <text key={`${label.text}-${label.x}`} x={label.x} y={label.y} textAnchor={label.anchor}>
              {label.text}
            </text>
          ))}
        </g>
      </svg>
      <figcaption id="store-map-caption" className="px-4 py-3 text-sm text-stone desk:px-5">
        {t("map.caption", { count: map.pins.length })}
        {map.elsewhere.length ? (
          <>
            {" "}
            {t("map.elsewhere")}{" "}
            {map.elsewhere.map((country, index) => (
              <span key={country.countryCode}>
                {index ? ", " : ""}
                <a href={`#store-${country.storeId}`} className="text-ink underline underline-offset-2 hover:text-terracotta">
                  {country.countryName}
                </a>
              </span>
            ))}
            .
          </>
        ) : null}
      </figcaption>
    </figure>
  );
}
