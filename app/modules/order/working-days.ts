// Italian working days, for the return window (spec §9: returns within 14 working days of
// receipt). A working day is Monday to Friday, except the national public holidays (Law 260/1949
// and its amendments). Days are counted on the calendar of Italy (Europe/Rome), whatever the
// server's time zone: a parcel delivered at 23:30 in Milan was delivered that day.

const ROME = "Europe/Rome";

/** A calendar day: year, month (1–12), day. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

const key = (d: CalendarDay) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`;

/** Easter Sunday (Gregorian calendar; the anonymous "Meeus/Jones/Butcher" algorithm). */
export function easterSunday(year: number): CalendarDay {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { year, month, day };
}

const holidayCache = new Map<number, Set<string>>();

/** Italy's national public holidays of a year, as "YYYY-MM-DD". */
export function italianHolidays(year: number): Set<string> {
  let days = holidayCache.get(year);
  if (days) return days;
  const fixed: [number, number][] = [
    [1, 1], // Capodanno
    [1, 6], // Epifania
    [4, 25], // Festa della Liberazione
    [5, 1], // Festa del Lavoro
    [6, 2], // Festa della Repubblica
    [8, 15], // Ferragosto
    [11, 1], // Ognissanti
    [12, 8], // Immacolata Concezione
    [12, 25], // Natale
    [12, 26], // Santo Stefano
  ];
  // San Francesco d'Assisi e Santa Caterina da Siena, a national holiday again from 2026 (the law passed in October 2025).
  if (year >= 2026) fixed.push([10, 4]);
  days = new Set(fixed.map(([month, day]) => key({ year, month, day })));
  const easter = easterSunday(year);
  days.add(key(shiftDays(easter, 1))); // Lunedì dell'Angelo (Easter Sunday is a Sunday anyway)
  holidayCache.set(year, days);
  return days;
}

function shiftDays(d: CalendarDay, n: number): CalendarDay {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day + n));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

export function isItalianWorkingDay(d: CalendarDay): boolean {
  const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !italianHolidays(d.year).has(key(d));
}

/** The working day `n` working days after `d` (the day itself does not count). */
export function addItalianWorkingDays(d: CalendarDay, n: number): CalendarDay {
  let day = d;
  for (let counted = 0; counted < n; ) {
    day = shiftDays(day, 1);
    if (isItalianWorkingDay(day)) counted++;
  }
  return day;
}

const romeParts = new Intl.DateTimeFormat("en-CA", { timeZone: ROME, year: "numeric", month: "2-digit", day: "2-digit" });

/** The day an instant falls on in Italy. */
export function romeDay(instant: Date): CalendarDay {
  const parts = Object.fromEntries(romeParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

const romeOffset = new Intl.DateTimeFormat("en-US", { timeZone: ROME, timeZoneName: "longOffset" });

/** The instant a day starts in Italy (midnight, in CET or CEST). */
export function romeMidnight(d: CalendarDay): Date {
  const utcMidnight = Date.UTC(d.year, d.month - 1, d.day);
  // The offset at that day's midnight: Italy changes its clocks at 02:00/03:00, never at midnight.
  const name = romeOffset.formatToParts(new Date(utcMidnight)).find((p) => p.type === "timeZoneName")?.value ?? "GMT+01:00";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  const offsetMinutes = match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 60;
  return new Date(utcMidnight - offsetMinutes * 60_000);
}

/**
 * The end of the return window for an order delivered at `deliveredAt`: the end (midnight, Italian
 * time) of the `workingDays`-th working day after the day of delivery.
 */
export function returnWindowEnd(deliveredAt: Date, workingDays: number): Date {
  const last = addItalianWorkingDays(romeDay(deliveredAt), workingDays);
  return romeMidnight(shiftDays(last, 1));
}

/** Italy's calendar day of an instant, "YYYY-MM-DD". */
export function romeDayKey(instant: Date): string {
  return key(romeDay(instant));
}

/** The instant (UTC ISO) an Italian calendar day "YYYY-MM-DD" begins. */
export function romeDayStart(day: string): string {
  const [year, month, date] = day.split("-").map(Number);
  return romeMidnight({ year, month, day: date }).toISOString();
}
