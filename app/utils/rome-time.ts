// The shop's clock is Italy's (Europe/Rome); storage is UTC. A datetime-local field in Atelier
// shows and takes Rome's wall time: these two turn it into the stored instant and back, on any
// server time zone.

const ROME = "Europe/Rome";
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Rome's offset from UTC, in minutes, at an instant (60 in winter, 120 in summer). */
function romeOffsetMinutes(at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: ROME, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
    .formatToParts(new Date(at))
    .reduce<Record<string, number>>((acc, p) => (p.type === "literal" ? acc : { ...acc, [p.type]: Number(p.value) }), {});
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
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
