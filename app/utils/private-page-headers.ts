import { pageHeaders } from "./cache-policy";

/**
 * The headers of a page that shows or takes personal data (login, account): never stored by any
 * cache, and the action's own headers (Retry-After of a rate limit) passed on to the page.
 */
export const privatePageHeaders = pageHeaders("private", { passOn: ["Retry-After"] });
