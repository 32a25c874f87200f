// The pages an e-mailed link lands on (confirm the e-mail, confirm or end the newsletter, set a
// new password): the token is in the link's address; the GET only shows what it is for and a
// button (a mail scanner that follows links changes nothing), and the page's form posts the
// token back from a hidden field. The loader and action halves are in token-link.server.ts, the
// page in components/account/token-link.tsx.

/** The hidden field that carries the link's token back (the form kit's schema names it). */
export const TOKEN_FIELD = "token";

/** The tokens of the account's links (e-mail confirmation, password reset): url-safe, 20–100 characters. */
export const ACCOUNT_TOKEN = /^[\w-]{20,100}$/;

