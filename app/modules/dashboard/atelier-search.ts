// Atelier's header search (issue 42 part 7): what the field takes, for the page and the service.

/** The field's longest (each list's own search reads at most this much). */
export const ATELIER_SEARCH_MAX_LENGTH = 100;
