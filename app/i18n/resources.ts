import enCommon from "../../locales/en/common.json";
import itCommon from "../../locales/it/common.json";
import enHome from "../../locales/en/home.json";
import itHome from "../../locales/it/home.json";
import enCatalog from "../../locales/en/catalog.json";
import itCatalog from "../../locales/it/catalog.json";
import enContent from "../../locales/en/content.json";
import itContent from "../../locales/it/content.json";
import enStores from "../../locales/en/stores.json";
import itStores from "../../locales/it/stores.json";
import enCareer from "../../locales/en/career.json";
import itCareer from "../../locales/it/career.json";
import enCountry from "../../locales/en/country.json";
import itCountry from "../../locales/it/country.json";
import enBag from "../../locales/en/bag.json";
import itBag from "../../locales/it/bag.json";
import enAccount from "../../locales/en/account.json";
import itAccount from "../../locales/it/account.json";
import enCheckout from "../../locales/en/checkout.json";
import itCheckout from "../../locales/it/checkout.json";
import enOrders from "../../locales/en/orders.json";
import itOrders from "../../locales/it/orders.json";
import enAtelier from "../../locales/en/atelier.json";
import itAtelier from "../../locales/it/atelier.json";
import enAtelierOrders from "../../locales/en/atelier-orders.json";
import itAtelierOrders from "../../locales/it/atelier-orders.json";
import enAtelierDashboard from "../../locales/en/atelier-dashboard.json";
import itAtelierDashboard from "../../locales/it/atelier-dashboard.json";
import enAtelierInvoices from "../../locales/en/atelier-invoices.json";
import itAtelierInvoices from "../../locales/it/atelier-invoices.json";
import enAtelierCustomers from "../../locales/en/atelier-customers.json";
import itAtelierCustomers from "../../locales/it/atelier-customers.json";
import enAtelierInbox from "../../locales/en/atelier-inbox.json";
import itAtelierInbox from "../../locales/it/atelier-inbox.json";
import enAtelierCatalog from "../../locales/en/atelier-catalog.json";
import itAtelierCatalog from "../../locales/it/atelier-catalog.json";
import enAtelierShop from "../../locales/en/atelier-shop.json";
import itAtelierShop from "../../locales/it/atelier-shop.json";
import enAtelierVariants from "../../locales/en/atelier-variants.json";
import itAtelierVariants from "../../locales/it/atelier-variants.json";
import enAtelierImport from "../../locales/en/atelier-import.json";
import itAtelierImport from "../../locales/it/atelier-import.json";
import enAtelierContent from "../../locales/en/atelier-content.json";
import itAtelierContent from "../../locales/it/atelier-content.json";
import enAtelierMerch from "../../locales/en/atelier-merch.json";
import itAtelierMerch from "../../locales/it/atelier-merch.json";
import enAtelierPhotos from "../../locales/en/atelier-photos.json";
import itAtelierPhotos from "../../locales/it/atelier-photos.json";
import enWishlist from "../../locales/en/wishlist.json";
import itWishlist from "../../locales/it/wishlist.json";
import enSizeGuide from "../../locales/en/size-guide.json";
import itSizeGuide from "../../locales/it/size-guide.json";
import enApi from "../../locales/en/api.json";
import itApi from "../../locales/it/api.json";
import enMail from "../../locales/en/mail.json";
import itMail from "../../locales/it/mail.json";
import type { Locale } from "~/utils/locale";

export const namespaces = [
  "common",
  "home",
  "catalog",
  "content",
  "stores",
  "career",
  "country",
  "bag",
  "account",
  "checkout",
  "orders",
  "wishlist",
  "size-guide",
  "atelier",
  "atelier-orders",
  "atelier-dashboard",
  "atelier-invoices",
  "atelier-customers",
  "atelier-inbox",
  "atelier-catalog",
  "atelier-shop",
  "atelier-variants",
  "atelier-import",
  "atelier-content",
  "atelier-merch",
  "atelier-photos",
  "api",
] as const;
export type Namespace = (typeof namespaces)[number];

/**
 * The namespaces every page sends to the browser with the root data (the shell's texts). A
 * route whose components use another namespace sends it with its own data (`routeTexts`), so a
 * page carries only the texts it can show.
 */
export const SHELL_NAMESPACES = ["common", "catalog", "country"] as const satisfies readonly Namespace[];

/** The texts of some namespaces in one language, for a route's data. */
export function pickTexts<N extends Namespace>(locale: Locale, names: readonly N[]): Pick<(typeof resources)["it"], N> {
  return Object.fromEntries(names.map((name) => [name, resources[locale][name]])) as Pick<(typeof resources)["it"], N>;
}

// One namespace a line, so parallel additions merge.
export const resources = {
  it: {
    common: itCommon,
    home: itHome,
    catalog: itCatalog,
    content: itContent,
    stores: itStores,
    career: itCareer,
    country: itCountry,
    bag: itBag,
    account: itAccount,
    checkout: itCheckout,
    orders: itOrders,
    wishlist: itWishlist,
    "size-guide": itSizeGuide,
    atelier: itAtelier,
    "atelier-orders": itAtelierOrders,
    "atelier-dashboard": itAtelierDashboard,
    "atelier-invoices": itAtelierInvoices,
    "atelier-customers": itAtelierCustomers,
    "atelier-inbox": itAtelierInbox,
    "atelier-catalog": itAtelierCatalog,
    "atelier-shop": itAtelierShop,
    "atelier-variants": itAtelierVariants,
    "atelier-import": itAtelierImport,
    "atelier-content": itAtelierContent,
    "atelier-merch": itAtelierMerch,
    "atelier-photos": itAtelierPhotos,
    api: itApi,
  },
  en: {
    common: enCommon,
    home: enHome,
    catalog: enCatalog,
    content: enContent,
    stores: enStores,
    career: enCareer,
    country: enCountry,
    bag: enBag,
    account: enAccount,
    checkout: enCheckout,
    orders: enOrders,
    wishlist: enWishlist,
    "size-guide": enSizeGuide,
    atelier: enAtelier,
    "atelier-orders": enAtelierOrders,
    "atelier-dashboard": enAtelierDashboard,
    "atelier-invoices": enAtelierInvoices,
    "atelier-customers": enAtelierCustomers,
    "atelier-inbox": enAtelierInbox,
    "atelier-catalog": enAtelierCatalog,
    "atelier-shop": enAtelierShop,
    "atelier-variants": enAtelierVariants,
    "atelier-import": enAtelierImport,
    "atelier-content": enAtelierContent,
    "atelier-merch": enAtelierMerch,
    "atelier-photos": enAtelierPhotos,
    api: enApi,
  },
};

/**
 * The mail's texts: a namespace of the server's translator only (app/i18n/texts.server.ts),
 * never sent to a page, and kept out of the page namespaces' types (mail keys are checked by
 * mail-template's MailKey).
 */
export const mailTexts = { it: itMail, en: enMail };

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["it"];
  }
}
