import { createContext, useContext } from "react";

// The CSP nonce reaches the document's scripts through context (set in entry.server). In the
// browser it is empty: browsers hide nonces from the DOM, and scripts added later are trusted
// through the already-running module graph. A page the page cache keeps has none at all
// (undefined: no attribute): its policy names its inline scripts by hash (docs/decisions/028).
const NonceContext = createContext<string | undefined>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
