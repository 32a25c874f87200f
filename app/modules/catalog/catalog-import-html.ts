import MarkdownIt from "markdown-it";

// Shopify's `Body (HTML)` and the shop's descriptions, which are Markdown rendered with raw HTML
// disabled (app/modules/content/markdown.server.ts). The import turns HTML into Markdown, keeping
// paragraphs, headings, lists, quotes, bold, italics, inline code, line breaks and http(s)/mailto
// links; every other tag is dropped with its text kept (script, style and the like with their
// text), so nothing of the file's HTML reaches a page as HTML. The export renders the Markdown
// back to plain HTML (no typographic quotes, no autolinks: what was written comes back).

const exporter = new MarkdownIt({ html: false, linkify: false, typographer: false });

/** A description as `Body (HTML)`: the Markdown rendered, without the trailing newline. */
export function markdownToHtml(markdown: string): string {
  return markdown.trim() ? exporter.render(markdown).trim() : "";
}

/** Tags whose content is dropped with them. */
const DROPPED = new Set(["script", "style", "head", "title", "template", "iframe", "object", "embed", "svg", "math", "noscript", "select", "textarea"]);
/** Tags that end one block of text and start another. */
const BLOCKS = new Set(["p", "div", "section", "article", "header", "footer", "aside", "main", "nav", "figure", "figcaption", "table", "thead", "tbody", "tr", "pre", "address", "dl", "dt", "dd", "hr"]);

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", ndash: "–", mdash: "—", hellip: "…",
  lsquo: "‘", rsquo: "’", ldquo: "“", rdquo: "”", laquo: "«", raquo: "»", euro: "€", copy: "©", reg: "®",
  trade: "™", deg: "°", middot: "·", times: "×", bull: "•",
  agrave: "à", aacute: "á", egrave: "è", eacute: "é", igrave: "ì", iacute: "í", ograve: "ò", oacute: "ó", ugrave: "ù", uacute: "ú",
  Agrave: "À", Aacute: "Á", Egrave: "È", Eacute: "É", Igrave: "Ì", Iacute: "Í", Ograve: "Ò", Oacute: "Ó", Ugrave: "Ù", Uacute: "Ú",
  ccedil: "ç", Ccedil: "Ç", ntilde: "ñ", auml: "ä", ouml: "ö", uuml: "ü", szlig: "ß",
};

/** Character references: numeric ones, and the named ones a shop's text uses; others stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "\uFFFD";
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

/** Markdown's punctuation in running text, escaped so that the words stay words. */
function escapeInline(text: string): string {
  return text.replace(/([\\`*_[\]<])/g, "\\$1");
}

/** A line that would start a heading, list, quote or rule in Markdown: its marker escaped. */
function escapeLineStart(line: string): string {
  if (/^(#{1,6}(\s|$)|[-+*](\s|$)|>|={3,}|-{3,})/.test(line)) return `\\${line}`;
  return line.replace(/^(\d{1,9})([.)])(\s|$)/, "$1\\$2$3");
}

function attribute(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(tag);
  return match ? decodeEntities(match[1] ?? match[2] ?? match[3] ?? "") : null;
}

function safeHref(href: string | null): string | null {
  const url = href?.trim();
  if (!url) return null;
  if (/^(https?:\/\/|mailto:)/i.test(url) || (url.startsWith("/") && !url.startsWith("//"))) return url;
  return null;
}

interface Block {
  kind: "p" | "h" | "li";
  text: string;
  level: number;
  quote: number;
  list?: { id: number; ordered: boolean; index: number; depth: number };
}

/**
 * HTML (or plain text) → Markdown, for a product's description. Plain text (no tag at all) keeps
 * its paragraphs (blank lines) and line breaks.
 */
export function htmlToMarkdown(input: string): string {
  const source = input.replace(/\r\n?/g, "\n");
  if (!/<[a-z!/]/i.test(source)) return plainTextToMarkdown(source);
  const blocks: Block[] = [];
  let text = "";
  let heading = 0;
  let quote = 0;
  let dropped = 0;
  let listId = 0;
  const lists: { id: number; ordered: boolean; count: number }[] = [];
  let item: Block["list"] | undefined;
  const links: (string | null)[] = [];

  const flush = () => {
    const content = text
      .split("\n")
      .map((line) => line.replace(/[ \t]+/g, " ").trim())
      .join("\n")
      .trim();
    text = "";
    if (!content) return;
    blocks.push({ kind: item ? "li" : heading ? "h" : "p", text: content, level: heading, quote, list: item });
  };
  /** An emphasis or code marker just opened: spaces after it move before it ("** a" → " **a"). */
  let opened: string | null = null;
  const append = (piece: string) => {
    if (opened && /^\s/.test(piece)) {
      text = `${text.slice(0, -opened.length)} ${opened}`;
      piece = piece.trimStart();
    }
    if (piece) opened = null;
    text += piece;
  };
  const open = (marker: string) => {
    text += marker;
    opened = marker;
  };
  const close = (marker: string) => {
    if (opened === marker) {
      // An empty element: no marker at all.
      text = text.slice(0, -marker.length);
      opened = null;
      return;
    }
    const trailing = /\s+$/.test(text);
    text = text.trimEnd() + marker + (trailing ? " " : "");
  };

  const pattern = /<!--[\s\S]*?(?:-->|$)|<(\/?)([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
  for (const match of source.matchAll(pattern)) {
    const [whole, closing, rawName] = match;
    if (whole.startsWith("<!--")) continue;
    if (!rawName) {
      if (!dropped) append(escapeInline(decodeEntities(whole).replace(/[ \t\n\f]+/g, " ")));
      continue;
    }
    const name = rawName.toLowerCase();
    if (DROPPED.has(name)) {
      if (closing) dropped = Math.max(0, dropped - 1);
      else if (!whole.endsWith("/>")) dropped++;
      continue;
    }
    if (dropped) continue;
    if (/^h[1-6]$/.test(name)) {
      flush();
      heading = closing ? 0 : Number(name[1]);
    } else if (name === "blockquote") {
      flush();
      quote = Math.max(0, quote + (closing ? -1 : 1));
    } else if (name === "ul" || name === "ol") {
      flush();
      if (closing) lists.pop();
      else lists.push({ id: ++listId, ordered: name === "ol", count: Number(attribute(whole, "start") ?? 1) - 1 || 0 });
      item = undefined;
    } else if (name === "li") {
      flush();
      const list = lists[lists.length - 1];
      if (closing || !list) item = undefined;
      else {
        list.count++;
        item = { id: list.id, ordered: list.ordered, index: list.count, depth: lists.length - 1 };
      }
    } else if (BLOCKS.has(name)) {
      // A paragraph inside a list item stays the item's text.
      if (item) append(" ");
      else flush();
    } else if (name === "br") {
      append("\\\n");
    } else if (name === "strong" || name === "b" || name === "em" || name === "i" || name === "code") {
      const marker = name === "code" ? "`" : name === "strong" || name === "b" ? "**" : "*";
      if (closing) close(marker);
      else open(marker);
    } else if (name === "a") {
      if (closing) {
        const href = links.pop();
        if (href) append(`](${/[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href})`);
      } else {
        const href = safeHref(attribute(whole, "href"));
        links.push(href);
        if (href) append("[");
      }
    }
    // Any other tag (span, img, font, u…) is dropped; its text stays.
  }
  flush();
  return renderBlocks(blocks);
}

function renderBlocks(blocks: Block[]): string {
  let out = "";
  let previous: Block | undefined;
  for (const block of blocks) {
    // Items of one list (and of the lists nested in it) follow each other line by line.
    const sameList = previous?.list && block.list;
    if (previous) out += sameList && previous.quote === block.quote ? "\n" : "\n\n";
    const lines = tidyInline(block.text).split("\n");
    let prefix = "";
    if (block.kind === "h") prefix = `${"#".repeat(block.level)} `;
    if (block.list) prefix = `${"   ".repeat(block.list.depth)}${block.list.ordered ? `${block.list.index}. ` : "- "}`;
    const indent = block.list ? " ".repeat(prefix.length) : "";
    const quoted = "> ".repeat(block.quote);
    out += lines.map((line, i) => quoted + (i === 0 ? prefix + (block.kind === "p" ? escapeLineStart(line) : line) : indent + escapeLineStart(line))).join("\n");
    previous = block;
  }
  return out;
}

/** A block's text: no spaces before a line break, no line break at its end. */
function tidyInline(text: string): string {
  return text
    .replace(/[ ]+\\\n/g, "\\\n")
    .replace(/\\\n\s*$/g, "")
    .trim();
}

function plainTextToMarkdown(text: string): string {
  return text
    .split(/\n[ \t]*\n+/)
    .map((paragraph) =>
      paragraph
        .split("\n")
        .map((line) => escapeLineStart(escapeInline(line.replace(/[ \t]+/g, " ").trim())))
        .filter(Boolean)
        .join("\\\n"),
    )
    .filter(Boolean)
    .join("\n\n");
}
