// Lite mode (docs/decisions/027): pages with no JavaScript at all, for a browser that asks to save
// data (`Save-Data: on`) or a shopper who chose it in the footer. Names shared by the server and
// the footer's form; the page cache keys on the same cookie.

/** The shopper's explicit choice: "1" lite, "0" the full version (even with Save-Data). Absent: the browser decides. */
export const LITE_COOKIE = "bottega_lite";

/** Where the footer's and the notice's forms post (fields: the route's LiteSwitchSchema). */
export const LITE_MODE_PATH = "/preferenze/versione-leggera";

