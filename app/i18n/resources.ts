import enCatalog from "../../locales/en/catalog.json";
import enCommon from "../../locales/en/common.json";
import enHome from "../../locales/en/home.json";
import itCatalog from "../../locales/it/catalog.json";
import itCommon from "../../locales/it/common.json";
import itHome from "../../locales/it/home.json";

export const namespaces = ["common", "home", "catalog"] as const;

export const resources = {
  it: { common: itCommon, home: itHome, catalog: itCatalog },
  en: { common: enCommon, home: enHome, catalog: enCatalog },
};

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["it"];
  }
}
