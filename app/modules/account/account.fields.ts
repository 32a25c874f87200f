// The account forms' limits, without zod: the fields (browser) and the schema (server) read the
// same values, and a page whose form only shows a field does not carry zod in its JavaScript.

/** Longest codice fiscale as typed, spaces included ("RSS MRA 85T10 A562S"). */
export const FISCAL_CODE_MAX = 32;
