import { useEffect, useRef } from "react";
import { Form, Link, useSubmit } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { useTranslation } from "~/hooks/use-translation";
import { CONTINENTS, type StoreQuery } from "~/modules/store/store.schema";
import type { StoreLocator } from "~/modules/store/store.service.server";

/**
 * Continent → region → country as one GET form, so every state is a shareable URL. Without
 * JavaScript the button applies the choices and the server drops one that no longer fits the
 * level above it; with JavaScript a change applies at once and the lower selects narrow.
 */
export function StoreFilters({ locator, path }: { locator: StoreLocator; path: string }) {
  const { t } = useTranslation("stores");
  const submit = useSubmit();
  const hydrated = useHydrated();
  const { query, options } = locator;
  const label = (name: string, count: number) => t("filters.option", { label: name, count });
  const filtered = query.continent !== null || query.region !== null || query.country !== null;

  return (
    <Form
      method="get"
      action={path}
      preventScrollReset
      className="border border-line bg-paper p-5 desk:p-6"
      data-testid="store-filters"
      onChange={(event) => {
        // Only the chosen filters go into the URL; the server drops any that no longer fit.
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value) params.append(name, value);
        submit(params, { method: "get", action: path, replace: true, preventScrollReset: true });
      }}
    >
      <fieldset>
        <legend className="eyebrow mb-4">{t("filters.legend")}</legend>
        <div className={`grid gap-4 desk:items-end ${hydrated ? "desk:grid-cols-3" : "desk:grid-cols-[repeat(3,minmax(0,1fr))_auto]"}`}>
          <FilterSelect name="continent" label={t("filters.continent")} value={query.continent}>
            <option value="">{t("filters.allContinents")}</option>
            {options.continents.map((continent) => (
              <option key={continent.value} value={continent.value}>
                {label(t(`continents.${continent.value}`), continent.count)}
              </option>
            ))}
          </FilterSelect>

          <FilterSelect name="region" label={t("filters.region")} value={query.region}>
            <option value="">{t("filters.allRegions")}</option>
            {query.continent
              ? options.regions.map((region) => (
                  <option key={region.value} value={region.value}>
                    {label(region.label, region.count)}
                  </option>
                ))
              : // No continent chosen: every region, continent by continent.
                CONTINENTS.map((continent) => {
                  const regions = options.regions.filter((region) => region.continent === continent);
                  return regions.length ? (
                    <optgroup key={continent} label={t(`continents.${continent}`)}>
                      {regions.map((region) => (
                        <option key={region.value} value={region.value}>
                          {label(region.label, region.count)}
                        </option>
                      ))}
                    </optgroup>
                  ) : null;
                })}
          </FilterSelect>

          <FilterSelect name="country" label={t("filters.country")} value={query.country}>
            <option value="">{t("filters.allCountries")}</option>
            {options.countries.map((country) => (
              <option key={country.value} value={country.value}>
                {label(country.label, country.count)}
              </option>
            ))}
          </FilterSelect>

          <button type="submit" className={`btn btn-primary ${hydrated ? "hidden" : ""}`}>
            {t("filters.submit")}
          </button>
        </div>
      </fieldset>
      {filtered ? (
        <Link to={path} preventScrollReset className="link mt-3 inline-flex min-h-11 items-center text-sm underline">
          {t("filters.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

/**
 * A labelled select whose choice follows the page's data. It stays uncontrolled (so it works
 * before hydration and keeps focus while the page updates); after each update the element is
 * told the value in force, which may be "" when the server dropped a choice.
 */
function FilterSelect({ name, label, value, children }: { name: keyof StoreQuery; label: string; value: string | null; children: React.ReactNode }) {
  const select = useRef<HTMLSelectElement>(null);
  const id = `store-${name}`;
  useEffect(() => {
    if (select.current) select.current.value = value ?? "";
  }, [value]);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      <select ref={select} id={id} name={name} defaultValue={value ?? ""} className="field-input">
        {children}
      </select>
    </div>
  );
}
