/** The shop's ink and ivory (DESIGN.md, 16.9:1): a new message's colours, and a closure notice's. Kept apart from the schema so the storefront's banner loads no zod. */
export const DEFAULT_BANNER_COLOURS = { background: "#1B1B1B", color: "#FAF8F5" } as const;
