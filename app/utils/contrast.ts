// WCAG 2 contrast between two colours written #RRGGBB: the banner's colours are the owner's
// choice, and a pair below AA (4.5:1 for text of normal size) is refused when saved.

export const HEX_COLOUR = /^#[0-9A-Fa-f]{6}$/;
/** WCAG AA for normal text: the banner's 13 px messages are normal text. */
export const AA_CONTRAST = 4.5;

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The contrast ratio (1 to 21) of two #RRGGBB colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
