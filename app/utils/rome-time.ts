// A moment typed in Atelier as a date and time in Italy (a `datetime-local` field, which works
// without JavaScript: "2026-12-01T09:30"), stored as a UTC instant, and back. Italy's time,
// whatever the server's or the owner's browser's time zone: a code "from 1 December at 00:00"
// starts at midnight in Rome.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

const romeParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/Rome",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function partsAt(ms: number) {
  const parts = Object.fromEntries(romeParts.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** Rome's offset from UTC at an instant, in ms (+1 h in winter, +2 h in summer). */
function romeOffset(ms: number): number {
  const p = partsAt(ms);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
}

/**
 * "2026-12-01T09:30" in Italy as a UTC ISO instant; null for anything that is not a real date
 * and time of the years 2000–2100. A time the spring change skips (02:30 on its night) reads as
 * an hour later (03:30), as the clocks moved.
 */
export function romeLocalToIso(text: string): string | null {
  const match = LOCAL.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 2000 || year > 2100 || hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  let at = wall - romeOffset(wall);
  const offset = romeOffset(at);
  if (wall - offset !== at) at = Math.max(at, wall - offset);
  return new Date(at).toISOString();
}

/** A UTC instant as the `datetime-local` value of the same moment in Italy. */
export function isoToRomeLocal(iso: string): string {
  const p = partsAt(new Date(iso).getTime());
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}
