/** The shop's ink and ivory (DESIGN.md, 16.9:1): a new message's colours, and a closure notice's. The storefront's stylesheet has the same pair (.global-banner in app.css); kept apart from the schema so no page loads zod for it. */
export const DEFAULT_BANNER_COLOURS = { background: "#1B1B1B", color: "#FAF8F5" } as const;
