import { useTranslation } from "~/hooks/use-translation";
import type { ProductSafety, SafetyParty } from "~/modules/catalog/manufacturer";

/**
 * The product's safety information (GPSR, Regulation (EU) 2023/988, art. 19): who makes it, with
 * postal and electronic address, and the EU responsible person for a maker outside the EU.
 * Always visible, not folded away, as the rule asks for information shown with the offer.
 */
export function ProductSafetyInfo({ safety }: { safety: ProductSafety | null }) {
  const { t } = useTranslation("catalog");
  if (!safety) return null;
  return (
    <section aria-labelledby="product-safety-title" className="text-sm text-stone" data-testid="product-safety">
      <h2 id="product-safety-title" className="eyebrow mb-3 font-sans">
        {t("product.safety.title")}
      </h2>
      <dl className="grid gap-3">
        <Party term={t("product.safety.manufacturer")} party={safety.manufacturer} />
        {safety.euResponsible ? <Party term={t("product.safety.euResponsible")} party={safety.euResponsible} /> : null}
      </dl>
    </section>
  );
}

function Party({ term, party }: { term: string; party: SafetyParty }) {
  return (
    <div>
      <dt className="font-semibold text-ink">{term}</dt>
      <dd>{party.name}</dd>
      <dd>{party.postalAddress}</dd>
      <dd>
        <a href={`mailto:${party.email}`} className="underline hover:text-terracotta">
          {party.email}
        </a>
      </dd>
    </div>
  );
}
