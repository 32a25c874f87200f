// A minimal RFC 822 reader for the messages the shop sends, for tests that receive them through
// a real SMTP server or read them as .eml files: unfolded headers with encoded words decoded
// (RFC 2047), and the plain-text and HTML parts of a multipart/alternative message (or the one
// part of a single-part message), each decoded from quoted-printable or base64 as UTF-8.

import { freeLowPort } from "./ports";

function splitMessage(raw: string) {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  return { head: normalized.slice(0, end).replace(/\n[ \t]+/g, " "), body: normalized.slice(end + 2) };
}

export function mailHeader(raw: string, name: string): string | undefined {
  const line = splitMessage(raw).head.split("\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

/** The parts of a message: itself when single-part, its parts (recursively) when multipart. */
function leafParts(raw: string): string[] {
  const type = mailHeader(raw, "Content-Type") ?? "text/plain";
  const boundary = /^multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) return [raw];
  const body = splitMessage(raw).body;
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith("--"))
    // The line break before a delimiter belongs to the delimiter.
    .flatMap((part) => leafParts(part.replace(/^\r?\n/, "").replace(/\r?\n$/, "")));
}

function decodedBody(part: string): string {
  const encoding = mailHeader(part, "Content-Transfer-Encoding")?.toLowerCase();
  const text = splitMessage(part).body.replace(/\n$/, "");
  if (encoding === "base64") return Buffer.from(text, "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(text);
  return text;
}

function partOfType(raw: string, type: string): string | undefined {
  const part = leafParts(raw).find((p) => (mailHeader(p, "Content-Type") ?? "text/plain").toLowerCase().startsWith(type));
  return part === undefined ? undefined : decodedBody(part);
}

/** The plain-text body. */
export function mailBody(raw: string): string {
  return partOfType(raw, "text/plain") ?? "";
}

/** The HTML body, when the message has one. */
export function mailHtml(raw: string): string | undefined {
  return partOfType(raw, "text/html");
}

/** Subject, text and HTML of a received message. */
export function readMessage(raw: string): { subject: string; text: string; html: string | undefined } {
  return { subject: mailHeader(raw, "Subject") ?? "", text: mailBody(raw), html: mailHtml(raw) };
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === "b" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on a free loopback port (or the given one: a test that stopped it starts it
 * again where the shop's mailer looks), started in the test process: the shop's mailer talks to
 * it over SMTP and the test reads what arrived.
 */
export async function startTestSmtpServer({ port: wanted }: { port?: number } = {}): Promise<{ port: number; received: ReceivedMail[]; close(): Promise<void> }> {
  const { SMTPServer } = await import("smtp-server");
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  const port = wanted ?? (await freeLowPort());
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A loopback port with nothing listening on it (free a moment ago): an SMTP server that is down. */
export const unusedPort = freeLowPort;
