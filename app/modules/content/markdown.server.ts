import MarkdownIt from "markdown-it";

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

/** Markdown to safe HTML. Headings start at h2: the page title is the h1. */
export function renderMarkdown(source: string): string {
  return markdown.render(source.replace(/^# /gm, "## "));
}

/** The previews of an editor's Markdown fields (intent=preview): each field's text as shoppers will see it. */
export function renderPreviews(values: Record<string, unknown>, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, typeof values[name] === "string" ? renderMarkdown(values[name]) : ""]));
}
