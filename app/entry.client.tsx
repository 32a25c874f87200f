import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";

// Translations arrive with the root loader's data (only the current language's), so the
// browser never downloads the other language or makes a request of its own for texts.
i18next.use(initReactI18next).init({
  lng: document.documentElement.lang || "it",
  resources: {},
  defaultNS: "common",
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
