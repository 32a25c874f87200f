// The "work with us" form's fields and limits, without zod: the form (browser) and the schema
// and upload parser (server) read the same values.

export const DEPARTMENTS = ["boutique", "atelier", "design", "ecommerce", "logistics", "customer-care", "headquarters"] as const;
export type Department = (typeof DEPARTMENTS)[number];

/** The CV's upload field; the honeypot owns the name "website", so the portfolio URL is "portfolio". */
export const CV_FIELD = "cv";

/** At most 5 MB (MiB, as operating systems show file sizes). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

/** What the file picker offers; the server decides from the file's content, not from this. */
export const CV_ACCEPT = [
  ".pdf",
  ".doc",
  ".docx",
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
].join(",");

/** Longest accepted values, in characters (the inputs' maxLength says the same). */
export const CAREER_LIMITS = {
  name: 100,
  email: 254,
  phone: 30,
  portfolio: 500,
  message: 4000,
} as const;
