// The money module's reader of typed amounts (Atelier's prices, thresholds and fees). A module of
// its own beside money.ts: the browser bundles every function of a module any page uses, and the
// storefront's pages, which only format money, should not carry the back office's parser
// (docs/decisions/004).

/**
 * Euro as a person types them into a form, as cents, without a float: "200", "200,5", "200.50",
 * "1.234,50", "1,234.50", "€ 12" → cents; null for anything else (a third decimal, letters, a
 * minus). The last "," or "." followed by one or two digits is the decimal mark; a "." or ","
 * followed by three digits groups thousands.
 */
export function parseEuroInput(text: string): number | null {
  const value = text.replace(/[\s\u00a0€]/g, "");
  const match = /^(\d{1,3}(?:([.,])\d{3})*|\d+)(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const [, whole, groupMark, fraction = ""] = match;
  if (groupMark && value.slice(whole.length, whole.length + 1) === groupMark && fraction) return null;
  const euros = Number(whole.replace(/[.,]/g, ""));
  const cents = euros * 100 + Number(fraction.padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}
