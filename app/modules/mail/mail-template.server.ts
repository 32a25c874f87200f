import type { Locale } from "~/db/schema";
import type { mailTexts } from "~/i18n/resources";
import { serverText } from "~/i18n/texts.server";

type MailTexts = (typeof mailTexts)["it"];
/** A text of locales/{it,en}/mail.json: "backInStock.subject", "career.ackBody"… */
/** A mail text's key; a plural text ("x_one", "x_other") is named without its suffix and takes a `count`. */
export type MailKey = { [S in keyof MailTexts]: `${S}.${keyof MailTexts[S] & string}` extends infer K ? (K extends `${infer B}_${"one" | "other"}` ? B : K) : never }[keyof MailTexts];

/**
 * One line of a message: a text of mail.json with its values (interpolated by i18next), or a
 * verbatim text (what a person typed). `link` is a URL that appears in the line: the HTML part
 * makes it a link.
 */
export type MailLine = { key: MailKey; values?: Record<string, string>; link?: string } | { verbatim: string };

export interface MailDraft {
  to: string;
  locale: Locale;
  subject: { key: MailKey; values?: Record<string, string> };
  /** Paragraphs, each a list of lines. */
  paragraphs: MailLine[][];
}

export interface RenderedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

// The mail texts are the "mail" namespace of the server's one translator (app/i18n/texts.server.ts,
// docs/decisions/042): the same i18next, plural rules and Italian date articles as every other
// text the server writes. Values go in raw because the text part is plain text; the HTML part
// escapes the whole rendered line, translator's text and values alike, so nothing is escaped
// twice and nothing is missed.
function translate(locale: Locale, key: MailKey, values: Record<string, string> = {}): string {
  // A count chooses the plural form (i18next's _one/_other) only as a number.
  const text = serverText(locale, `mail:${key}`, "count" in values ? { ...values, count: Number(values.count) } : values);
  // A missing text would otherwise go out as its key.
  if (text === `mail:${key}`) throw new Error(`mail text ${key} is missing in ${locale}`);
  return text;
}

/** Renders a message in the recipient's language: subject, plain text and HTML. */
export function renderMail(draft: MailDraft): RenderedMail {
  const subject = oneLine(translate(draft.locale, draft.subject.key, draft.subject.values));
  const lines = draft.paragraphs.map((paragraph) => paragraph.map((line) => ({ text: lineText(draft.locale, line), link: "link" in line ? line.link : undefined })));
  const text = lines.map((paragraph) => paragraph.map((line) => line.text).join("\n")).join("\n\n") + "\n";
  const body = lines.map((paragraph) => `<p>${paragraph.map((line) => lineHtml(line.text, line.link)).join("<br>\n")}</p>`).join("\n");
  const html = [
    "<!doctype html>",
    `<html lang="${draft.locale}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family: Georgia, 'Times New Roman', serif; font-size: 16px; line-height: 1.5; color: #2b2522;">`,
    body,
    "</body>",
    "</html>",
    "",
  ].join("\n");
  return { to: draft.to, subject, text, html };
}

function lineText(locale: Locale, line: MailLine): string {
  return "verbatim" in line ? line.verbatim : translate(locale, line.key, line.values);
}

function lineHtml(text: string, link: string | undefined): string {
  const escaped = escapeHtml(text).replace(/\r?\n/g, "<br>\n");
  if (!link) return escaped;
  const href = escapeHtml(link);
  return escaped.replace(href, `<a href="${href}">${href}</a>`);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text to HTML text or attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
}

/** Subjects are one header line: a line break in a value must not start a new one. */
function oneLine(value: string): string {
  return value.replace(/\s+/g, " ").trim();
}
