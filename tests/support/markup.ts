// Reading the server's HTML as an outside checker does (a text browser, a validator), for the
// HTTP tests that assert on markup: no parser, the shapes React's server render writes.

/**
 * The text a text browser prints, on one line: a block's edge is a space, an inline element's
 * adds none (so a label in one span and its value in the next run together, as they did);
 * styles are ignored, as such a browser does.
 */
export function textOf(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<\/?(?:address|article|aside|br|dd|div|dl|dt|fieldset|footer|form|h[1-6]|header|legend|li|main|nav|ol|p|section|ul)\b[^>]*>/gi, " ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/**
 * The text of some markup as the DOM's textContent gives it (and a copy of the page, a naive
 * scraper): tags removed and nothing put in their place, so only real characters (a space, ": ")
 * keep a label apart from its value; then whitespace collapsed. Stricter than textOf.
 */
export function contentOf(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<style\b[\s\S]*?<\/style>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** The start tags of an element name, each as written. */
export const tags = (html: string, name: string) => html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
