// The lowest earlier price of a reduced product (Codice del Consumo art. 17-bis, the Omnibus
// rule): the lowest price the shop applied in the 30 days before the current reduction began.
// Always derived from the variant's price history, never typed by hand. Pure, so it can be
// proven across price changes without a database.

export const LOWEST_PRICE_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export interface PriceChange {
  priceCents: number;
  /** ISO-8601 UTC: when this price started to apply. */
  effectiveAt: string;
}

/**
 * The lowest price in effect at any moment of the 30 days before the current price started,
 * the current price excluded. A price set before the window counts when it was still in force
 * as the window opened. With no earlier price in the window (a product on sale since it was
 * published) the current price is the lowest one. Null when nothing applies yet.
 */
export function lowestPriceBeforeReduction(history: readonly PriceChange[], now: Date): number | null {
  const applied = history
    .filter((change) => Date.parse(change.effectiveAt) <= now.getTime())
    .sort((a, b) => Date.parse(a.effectiveAt) - Date.parse(b.effectiveAt));
  const current = applied.at(-1);
  if (!current) return null;
  const reducedAt = Date.parse(current.effectiveAt);
  const windowStart = reducedAt - LOWEST_PRICE_WINDOW_DAYS * DAY_MS;

  const earlier = applied.slice(0, -1);
  // The price in force when the window opened: the last one set at or before its start.
  const inForceAtStart = earlier.filter((change) => Date.parse(change.effectiveAt) <= windowStart).at(-1);
  const setInWindow = earlier.filter((change) => Date.parse(change.effectiveAt) > windowStart);
  const candidates = [...(inForceAtStart ? [inForceAtStart] : []), ...setInWindow].map((change) => change.priceCents);
  return candidates.length ? Math.min(...candidates) : current.priceCents;
}
