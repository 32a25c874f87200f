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

// ---------------------------------------------------------------------------------------------
// A checker for the error classes the Nu Html Checker (and htmlcs, axe's label-in-name) found in
// the shop's pages (issue 37, items 16 and 17). vnu is a Java program and the CI has no Java;
// html-validate (JavaScript) needs Node 22 in its current major. So the shop's pages, which React
// writes well-formed (every element closed, `<` escaped in text and attributes), are read into a
// tree here and these rules run on it. A rule names the element and what is wrong.

export interface MarkupNode {
  name: string;
  attributes: Map<string, string>;
  children: Array<MarkupNode | string>;
  parent: MarkupNode | null;
}

const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

const decodeEntities = (text: string) =>
  text
    .replace(/&nbsp;/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, "&");

/** The document as a tree of elements (lower-case names and attribute names) and text. */
export function parseMarkup(html: string): MarkupNode {
  const root: MarkupNode = { name: "#document", attributes: new Map(), children: [], parent: null };
  let current = root;
  const token = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][\w:-]*)([^>]*)>|[^<]+|</gi;
  let match: RegExpExecArray | null;
  while ((match = token.exec(html))) {
    const [whole, closing, rawName, rawAttributes] = match;
    if (rawName === undefined) {
      if (!whole.startsWith("<!")) current.children.push(decodeEntities(whole));
      continue;
    }
    const name = rawName.toLowerCase();
    if (closing) {
      // Up to the element it closes (React closes every element it opens).
      let node: MarkupNode | null = current;
      while (node && node.name !== name) node = node.parent;
      if (node?.parent) current = node.parent;
      continue;
    }
    const attributes = new Map<string, string>();
    for (const [, attribute, , quoted, bare] of rawAttributes!.matchAll(/([^\s"'=/>]+)(\s*=\s*(?:"([^"]*)"|([^\s"'>]+)))?/g)) {
      attributes.set(attribute!.toLowerCase(), decodeEntities(quoted ?? bare ?? ""));
    }
    const element: MarkupNode = { name, attributes, children: [], parent: current };
    current.children.push(element);
    if (RAW_TEXT.has(name)) {
      const end = html.toLowerCase().indexOf(`</${name}`, token.lastIndex);
      const stop = end === -1 ? html.length : end;
      element.children.push(decodeEntities(html.slice(token.lastIndex, stop)));
      token.lastIndex = end === -1 ? html.length : html.indexOf(">", end) + 1;
      continue;
    }
    if (!VOID_ELEMENTS.has(name) && !rawAttributes!.trimEnd().endsWith("/")) current = element;
  }
  return root;
}

function* descendants(node: MarkupNode): Generator<MarkupNode> {
  for (const child of node.children) {
    if (typeof child === "string") continue;
    yield child;
    yield* descendants(child);
  }
}

/** An element as an error message names it: its name, id or name or test id, and its class's start. */
function describeElement(node: MarkupNode): string {
  const named = ["id", "name", "data-testid", "action", "href", "aria-label"].find((attribute) => node.attributes.has(attribute));
  return `<${node.name}${named ? ` ${named}="${node.attributes.get(named)!.slice(0, 60)}"` : ""}>`;
}

/** The text an element shows: its text without what is hidden from sight (sr-only, hidden, SVG). */
function visibleText(node: MarkupNode): string {
  return node.children
    .map((child) => {
      if (typeof child === "string") return child;
      if (child.name === "svg" || child.attributes.has("hidden") || /\bsr-only\b/.test(child.attributes.get("class") ?? "") || child.attributes.get("aria-hidden") === "true") return "";
      return visibleText(child);
    })
    .join("");
}

const normalized = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** Elements whose content model is phrasing only: a form may not be inside one. */
const PHRASING_ONLY = new Set(["a", "abbr", "b", "bdi", "bdo", "button", "cite", "code", "data", "dfn", "em", "h1", "h2", "h3", "h4", "h5", "h6", "i", "kbd", "label", "mark", "output", "p", "pre", "q", "s", "samp", "small", "span", "strong", "sub", "sup", "time", "u", "var", "summary", "legend"]);
/** Elements whose implicit role forbids a name (ARIA: generic, insertion, deletion, paragraph, …) unless a role says otherwise. */
const NAMING_PROHIBITED = new Set(["span", "div", "p", "ins", "del", "em", "strong", "code", "sub", "sup", "b", "i", "s", "u", "small", "q", "time"]);
const PROHIBITED_ROLES = new Set(["caption", "code", "deletion", "emphasis", "generic", "insertion", "paragraph", "presentation", "none", "strong", "subscript", "superscript"]);
/** The input types maxlength and minlength apply to. */
const LENGTH_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);

/**
 * The markup errors of a page, one line each (empty when it is clean): a form inside phrasing
 * content, aria-label or aria-labelledby on an element whose role forbids a name, a required
 * select whose first option is a choice, maxlength/minlength on an input type without them,
 * aria-required beside required, a form without a submit button, and a link or button whose
 * aria-label does not contain the text it shows (label in name, WCAG 2.5.3).
 */
export function markupErrors(html: string): string[] {
  const root = parseMarkup(html);
  const all = [...descendants(root)];
  const errors: string[] = [];
  const submitsByForm = new Set<string>();
  for (const node of all) {
    const form = node.attributes.get("form");
    if (form && isSubmit(node)) submitsByForm.add(form);
  }
  for (const node of all) {
    const { name, attributes } = node;
    const role = attributes.get("role");
    if (name === "form") {
      for (let parent = node.parent; parent; parent = parent.parent) {
        if (PHRASING_ONLY.has(parent.name)) {
          errors.push(`${describeElement(node)} inside <${parent.name}>: a form may not be a descendant of phrasing content`);
          break;
        }
      }
      const id = attributes.get("id");
      if (attributes.get("method") !== "dialog" && ![...descendants(node)].some(isSubmit) && !(id && submitsByForm.has(id))) {
        errors.push(`${describeElement(node)} has no submit button`);
      }
    }
    if ((attributes.has("aria-label") || attributes.has("aria-labelledby")) && (role ? PROHIBITED_ROLES.has(role) : NAMING_PROHIBITED.has(name))) {
      errors.push(`${describeElement(node)}: aria-label${attributes.has("aria-labelledby") ? "ledby" : ""} on an element whose role (${role ?? `<${name}>`}) forbids a name`);
    }
    if (name === "select" && attributes.has("required") && !attributes.has("multiple") && Number(attributes.get("size") ?? "1") <= 1) {
      const first = node.children.find((child): child is MarkupNode => typeof child !== "string" && child.name === "option");
      const value = first?.attributes.get("value") ?? (first ? visibleText(first) : "");
      if (first && value !== "") errors.push(`${describeElement(node)} is required but its first option ("${value}") is a choice, not an empty placeholder`);
    }
    if (name === "input") {
      const type = (attributes.get("type") ?? "text").toLowerCase();
      for (const attribute of ["maxlength", "minlength"]) {
        if (attributes.has(attribute) && !LENGTH_TYPES.has(type)) errors.push(`${describeElement(node)}: ${attribute} on an input of type ${type}`);
      }
    }
    if (attributes.has("required") && attributes.has("aria-required")) errors.push(`${describeElement(node)}: aria-required beside required`);
    const labelled = attributes.get("aria-label");
    if (labelled !== undefined && (name === "a" || name === "button" || role === "link" || role === "button")) {
      const shown = normalized(visibleText(node));
      // Symbols only ("+", "−", "×") are not words to say: axe passes over them too.
      if (/[\p{L}\p{N}]/u.test(shown) && !normalized(labelled).includes(shown)) errors.push(`${describeElement(node)}: its name does not contain the text it shows ("${shown}")`);
    }
  }
  return errors;
}

/** A button that submits its form: a button without a type or of type submit, an image or submit input. */
function isSubmit(node: MarkupNode): boolean {
  const type = node.attributes.get("type")?.toLowerCase();
  if (node.name === "button") return type === undefined || type === "submit";
  return node.name === "input" && (type === "submit" || type === "image");
}
