import { type BadgeTone, StatusBadge } from "~/components/atelier/status-badge";
import { useTranslation } from "~/hooks/use-translation";
import type { ProductState } from "~/modules/catalog/product-status";

const TONE: Record<ProductState, BadgeTone> = { draft: "neutral", scheduled: "attention", published: "good", archived: "bad" };

/** A product's state in Atelier: draft, scheduled, published or archived. */
export function ProductStateBadge({ state }: { state: ProductState }) {
  const { t } = useTranslation("atelier-catalog");
  return <StatusBadge tone={TONE[state]}>{t(`states.${state}`)}</StatusBadge>;
}
