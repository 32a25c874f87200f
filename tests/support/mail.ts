// A minimal RFC 822 reader for the single-part text messages the shop sends, for tests that
// receive them through a real SMTP server: unfolded headers with encoded words decoded
// (RFC 2047), and a quoted-printable or base64 body decoded as UTF-8.

function splitMessage(raw: string) {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  return { head: normalized.slice(0, end).replace(/\n[ \t]+/g, " "), body: normalized.slice(end + 2) };
}

export function mailHeader(raw: string, name: string): string | undefined {
  const line = splitMessage(raw).head.split("\n").find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line === undefined ? undefined : decodeWords(line.slice(name.length + 1).trim());
}

export function mailBody(raw: string): string {
  const encoding = mailHeader(raw, "Content-Transfer-Encoding")?.toLowerCase();
  const text = splitMessage(raw).body.replace(/\n$/, "");
  if (encoding === "base64") return Buffer.from(text, "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(text);
  return text;
}

/** Subject and text of a received message. */
export function readMessage(raw: string): { subject: string; text: string } {
  return { subject: mailHeader(raw, "Subject") ?? "", text: mailBody(raw) };
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
 * A real SMTP server on a free loopback port, started in the test process: the shop's mailer
 * talks to it over SMTP and the test reads what arrived.
 */
export async function startTestSmtpServer(): Promise<{ port: number; received: ReceivedMail[]; close(): Promise<void> }> {
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as { port: number };
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
