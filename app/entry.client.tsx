import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { TranslatorContext } from "~/hooks/use-translation";
import { createTranslator } from "~/i18n/translator";

// Translations arrive with the root loader's data (only the current language's), which the root
// layout hands to this translator before its first render: the browser never downloads the other
// language or makes a request of its own for texts.
const translator = createTranslator(document.documentElement.lang || "it");

startTransition(() => {
  hydrateRoot(
    document,
    <TranslatorContext.Provider value={translator}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </TranslatorContext.Provider>,
  );
});
