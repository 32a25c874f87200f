// The shop's clock is Italy's (Europe/Rome); storage is UTC. Atelier's fields show and take Rome's
// wall time whatever the server's or the owner's browser's time zone: a datetime-local field
// (publication, a sale) through romeLocalToUtc/utcToRomeLocal; a field of days (banner messages,
// closures, promotions: "from 1 to 7 December" runs from midnight in Rome on the 1st until
// midnight in Rome at the end of the 7th, stored start inclusive, end exclusive) through the
// romeDay* functions. One module for every dated thing of the back office.

const ROME = "Europe/Rome";
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;

// One formatter for the process: building an Intl.DateTimeFormat costs far more than using one.
const romeParts = new Intl.DateTimeFormat("en-GB", { timeZone: ROME, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });

/** Rome's wall clock at an instant. */
function partsAt(ms: number) {
  const parts = Object.fromEntries(romeParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** Rome's offset from UTC, in minutes, at an instant (60 in winter, 120 in summer). */
function romeOffsetMinutes(at: number): number {
  const p = partsAt(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * "2026-12-20T09:00" in Rome as an ISO UTC string ("2026-12-20T08:00:00.000Z"); null for
 * anything that is not such a moment (a day that does not exist, a year outside 2000–2999).
 */
export function romeLocalToUtc(value: string): string | null {
  const m = LOCAL_PATTERN.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second = 0] = m.slice(1).map((part) => Number(part ?? 0));
  if (year < 2000 || year > 2999 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  if (new Date(wall).getUTCDate() !== day) return null;
  // The offset at the guessed instant, checked again at the result (the days the clocks change).
  let at = wall - romeOffsetMinutes(wall) * 60_000;
  at = wall - romeOffsetMinutes(at) * 60_000;
  return new Date(at).toISOString();
}

/** A stored instant as Rome's wall time for a datetime-local field ("2026-12-20T09:00"). */
export function utcToRomeLocal(iso: string): string {
  const at = Date.parse(iso);
  if (!Number.isFinite(at)) return "";
  return new Date(at + romeOffsetMinutes(at) * 60_000).toISOString().slice(0, 16);
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d && y! >= 2000 && y! <= 2100;
}

/** Midnight in Rome at the start of a day, as a UTC ISO instant. (Italy's clocks never change at midnight.) */
export function romeDayStart(day: string): string {
  if (!isDay(day)) throw new Error(`Not a day: ${day}`);
  const [y, m, d] = day.split("-").map(Number);
  const guess = Date.UTC(y!, m! - 1, d!);
  let at = guess - romeOffsetMinutes(guess) * 60_000;
  const check = romeOffsetMinutes(at) * 60_000;
  if (guess - check !== at) at = guess - check;
  return new Date(at).toISOString();
}

/** Midnight in Rome at the end of a day (the next day's start): an exclusive end. */
export function romeDayEnd(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
  return romeDayStart(next);
}

/** The day in Rome an instant falls on, YYYY-MM-DD. */
export function romeDayOf(iso: string | Date): string {
  const p = partsAt(new Date(iso).getTime());
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** The last day (inclusive) of a period whose exclusive end is `iso`. */
export function romeLastDay(endIso: string | Date): string {
  return romeDayOf(new Date(new Date(endIso).getTime() - 1));
}
