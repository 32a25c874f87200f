/** Name of the hidden field that people never fill and form-filling bots do (public forms). */
export const HONEYPOT_FIELD = "website";
