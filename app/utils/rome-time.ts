// The shop's editors type dates and times as the shop lives them, in Italy (a
// `<input type="datetime-local">`, "2026-12-01T09:30"); storage is UTC. Pure, safe in the browser.

const wallClock = new Intl.DateTimeFormat("en-CA", {
  timeZone: "Europe/Rome",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function romeParts(instant: Date): Record<string, string> {
  return Object.fromEntries(wallClock.formatToParts(instant).map((part) => [part.type, part.value]));
}

/** Italy's offset from UTC at an instant, in milliseconds (1 or 2 hours). */
function romeOffsetMs(instant: Date): number {
  const p = romeParts(instant);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
  return asUtc - Math.floor(instant.getTime() / 60_000) * 60_000;
}

/** A stored instant as the value of a datetime-local input, in Italian time: "2026-12-01T09:30". */
export function toRomeLocalInput(iso: string): string {
  const p = romeParts(new Date(iso));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

/** A datetime-local value read as Italian time; null when it is no real date and time. */
export function fromRomeLocalInput(value: string): Date | null {
  const match = LOCAL.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (year < 2000 || year > 2999 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(asUtc).getUTCDate() !== day) return null;
  // The offset of the guess, then of the result (a change of the clocks between them).
  const first = asUtc - romeOffsetMs(new Date(asUtc));
  return new Date(asUtc - romeOffsetMs(new Date(first)));
}
