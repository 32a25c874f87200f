import MarkdownIt from "markdown-it";
import { IMAGE_WIDTHS, stillLifeImage } from "~/modules/media/drawn-image";
import { isStillLife, isStillPalette } from "~/modules/media/garment-art";

// Content is written in Markdown by the shop's staff and rendered on the server. Raw HTML is
// not allowed (it is escaped, never passed through), and markdown-it refuses javascript:,
// vbscript:, file: and data: (except images) link targets, so a body cannot inject script.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// Links that leave the shop open in a new tab and say so to assistive technology's users
// through rel; local links stay plain.
const defaultLinkOpen = markdown.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
markdown.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx].attrGet("href") ?? "");
  if (/^https?:\/\//i.test(href)) tokens[idx].attrSet("rel", "noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

// Images: only the shop's own (/media/…); anything else (https: and http: elsewhere, data:,
// another path) shows its alt text instead: the pages' Content-Security-Policy loads images from
// the shop alone, and a picture from another site would tell it who reads the page. A
// photograph's variant (/media/p/<set>/<width>.<format>, the
// snippet Atelier's content editor gives) gets its width and height (4:5, no layout shift) and a
// srcset of the smaller widths the pipeline makes with it; every image loads lazily.
const PHOTO_VARIANT = /^\/media\/p\/([a-f0-9]{16,64})\/(\d{3,4})\.(avif|webp|jpg)$/;
// A drawn still-life by its name, /media/still/<composition>-<palette> (the demo's stories use
// them inside their text): written as the drawing's versioned address at every width, so a
// stored text keeps showing it when the drawings are redrawn (a new version in their address).
const STILL_LIFE_REF = /^\/media\/still\/([a-z]+)-([a-z]+)$/;
markdown.renderer.rules.image = (tokens, idx) => {
  const token = tokens[idx]!;
  const src = String(token.attrGet("src") ?? "");
  const alt = markdown.utils.escapeHtml(token.children ? markdown.renderer.renderInlineAsText(token.children, markdown.options, {}) : token.content);
  if (!/^\/media\//.test(src)) return alt;
  const title = token.attrGet("title");
  const drawn = STILL_LIFE_REF.exec(src);
  if (drawn) {
    const [, composition, palette] = drawn;
    if (!isStillLife(composition) || !isStillPalette(palette)) return alt;
    const image = stillLifeImage(composition, palette);
    const attrs = [`src="${image.src}"`, `srcset="${image.srcSet}"`, `sizes="(min-width: 768px) 48rem, 100vw"`, `width="${image.width}"`, `height="${image.height}"`, `alt="${alt}"`];
    if (title) attrs.push(`title="${markdown.utils.escapeHtml(String(title))}"`);
    return `<img ${attrs.join(" ")} loading="lazy" decoding="async">`;
  }
  const attrs = [`src="${markdown.utils.escapeHtml(src)}"`, `alt="${alt}"`];
  if (title) attrs.push(`title="${markdown.utils.escapeHtml(String(title))}"`);
  const variant = PHOTO_VARIANT.exec(src);
  if (variant) {
    const [, set, w, format] = variant;
    const width = Number(w);
    const widths = IMAGE_WIDTHS.filter((candidate) => candidate <= width);
    if (widths.includes(width as (typeof IMAGE_WIDTHS)[number])) {
      attrs.push(`srcset="${widths.map((x) => `/media/p/${set}/${x}.${format} ${x}w`).join(", ")}"`, `sizes="(min-width: 768px) 48rem, 100vw"`);
    }
    attrs.push(`width="${width}"`, `height="${Math.round((width * 5) / 4)}"`);
  }
  attrs.push(`loading="lazy"`, `decoding="async"`);
  return `<img ${attrs.join(" ")}>`;
};

/**
 * Markdown to safe HTML. Headings start at h2: the page title is the h1. With `questions`, each
 * third-level heading and what follows it (to the next heading) is a question that opens and
 * closes (`<details>`, no script): the FAQ's form, where a shopper scans the questions first.
 */
export function renderMarkdown(source: string, { questions = false }: { questions?: boolean } = {}): string {
  const html = markdown.render(source.replace(/^# /gm, "## "));
  if (!questions) return html;
  // Raw HTML is escaped, so an <h2>/<h3> tag here is one markdown-it wrote for a heading.
  return html.replace(
    /<h3>([\s\S]*?)<\/h3>\n?([\s\S]*?)(?=<h[23]>|$)/g,
    (_match, question: string, answer: string) => `<details class="question"><summary><h3>${question}</h3></summary>\n<div class="answer">${answer}</div></details>\n`,
  );
}

/** The previews of an editor's Markdown fields (intent=preview): each field's text as shoppers will see it. */
export function renderPreviews(values: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, typeof values[name] === "string" ? renderMarkdown(values[name]) : ""]));
}
