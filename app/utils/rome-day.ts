// Atelier's dated things (banner messages, closures, free-shipping promotions) are entered as
// days in Italy, the shop's time zone, whatever the server's or the owner's browser's: a
// promotion "from 1 to 7 December" runs from midnight in Rome on the 1st until midnight in Rome
// at the end of the 7th. Stored as UTC instants: the start inclusive, the end exclusive.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const romeParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Rome",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

function partsAt(ms: number) {
  const parts = Object.fromEntries(romeParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute), second: Number(parts.second) };
}

/** Rome's offset from UTC at an instant, in ms (+1 h in winter, +2 h in summer). */
function romeOffset(ms: number): number {
  const p = partsAt(ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

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
  let at = guess - romeOffset(guess);
  const check = romeOffset(at);
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
