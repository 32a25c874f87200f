// Italian puts an article before a day of the month, and the article changes with the day's
// sound: "dal 12 dicembre", but "dall'8", "dall'11" (otto, undici begin with a vowel), and the
// first of the month is "1°" (primo): "dal 1° dicembre". The texts keep the plain form
// ("spediti dal {{date}}") so they read naturally to a translator; `withDateArticles` mends the
// written sentence, and `dayWithArticle` is the one rule both use.

/** The Italian articles and articulated prepositions that come before a day of the month. */
export type DayArticle = "il" | "dal" | "al" | "del" | "nel" | "sul";

const ELIDED: Record<DayArticle, string> = { il: "l'", dal: "dall'", al: "all'", del: "dell'", nel: "nell'", sul: "sull'" };

/** A day of the month (1..31) with its article: dayWithArticle("dal", 11) → "dall'11", ("dal", 1) → "dal 1°". */
export function dayWithArticle(article: DayArticle, day: number): string {
  if (day === 8 || day === 11) return `${ELIDED[article]}${day}`;
  return `${article} ${day}${day === 1 ? "°" : ""}`;
}

const MONTH = "(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|gen|feb|mar|apr|mag|giu|lug|ago|set|ott|nov|dic)\\b";
// An article, a day of 1..31, then a month's name or a numeric date's "/": only dates are touched.
const BEFORE_DATE = new RegExp(`(^|[^\\p{L}'’])(il|dal|al|del|nel|sul|Il|Dal|Al|Del|Nel|Sul) (3[01]|[12]\\d|0?[1-9])(?=( ${MONTH}|/\\d))`, "gu");

/**
 * An Italian sentence with the right article before each date in it: "spediti dal 11 dicembre"
 * → "spediti dall'11 dicembre", "dal 1 dicembre al 8 gennaio" → "dal 1° dicembre all'8 gennaio".
 * Numbers that are not days of a date ("dal 2010", "ultimi 30 giorni") stay as they are.
 */
export function withDateArticles(text: string): string {
  return text.replace(BEFORE_DATE, (_whole, before: string, article: string, day: string, follower: string) => {
    const lower = article.toLowerCase() as DayArticle;
    const n = Number(day);
    // A numeric date ("01/12/2026") keeps its digits: only the elision applies.
    let written = follower.startsWith("/") ? (n === 8 || n === 11 ? `${ELIDED[lower]}${day}` : `${lower} ${day}`) : dayWithArticle(lower, n);
    if (article !== lower) written = written[0].toUpperCase() + written.slice(1);
    return before + written;
  });
}

/** A `t` whose Italian sentences get the right article before each date (a component showing dates takes its `t` through this). */
export function withDateArticlesT<T extends (...args: never[]) => unknown>(t: T): T {
  return ((...args: Parameters<T>) => {
    const text = t(...args);
    return typeof text === "string" ? withDateArticles(text) : text;
  }) as T;
}
