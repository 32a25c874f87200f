import { createContext, useContext } from "react";

// Lite mode (docs/decisions/027) reaches the document through context, set in entry.server from
// the request; in the browser there is only ever the full version (a lite page has no script
// that could run), so the default is false.
const LiteModeContext = createContext(false);

export const LiteModeProvider = LiteModeContext.Provider;

export function useLiteMode(): boolean {
  return useContext(LiteModeContext);
}
