// A hex, rgb()/hsl() or named colour, nothing that could close the CSS rule it is written into.
const CSS_COLOR = /^(?:#[0-9a-f]{3,8}|(?:rgb|hsl)a?\([\d\s.,%/]+\)|[a-z]{3,20})$/i;

/**
 * A colour from the database as a style rule may hold it: trimmed, or the fallback when it is not
 * a plain colour. Checked on the server (the shell's loader), so the check ships to no browser.
 */
export function cssColor(value: string, fallback: string): string {
  const trimmed = value.trim();
  return CSS_COLOR.test(trimmed) ? trimmed : fallback;
}
