import { createContext, useContext } from "react";

// The CSP nonce reaches the document's scripts through context (set in entry.server). In the
// browser it is empty: browsers hide nonces from the DOM, and scripts added later are trusted
// through the already-running module graph.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
