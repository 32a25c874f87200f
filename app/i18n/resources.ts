import enCommon from "../../locales/en/common.json";
import enHome from "../../locales/en/home.json";
import itCommon from "../../locales/it/common.json";
import itHome from "../../locales/it/home.json";

export const namespaces = ["common", "home"] as const;

export const resources = {
  it: { common: itCommon, home: itHome },
  en: { common: enCommon, home: enHome },
};

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["it"];
  }
}
