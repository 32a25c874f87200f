export const CLIENT_ID: string;
export const CLIENT_SECRET: string;
/** Starts a provider on `port` (0: any free one). Resolves to its issuer URL and a close function. */
export function startOidcProvider(options: { port?: number; redirectUris: string[] }): Promise<{ issuer: string; close: () => Promise<void> }>;
