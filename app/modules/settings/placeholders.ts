import type { TFunction } from "i18next";
import { withDateArticles } from "~/utils/date-article";
import { formatLongDate } from "~/utils/dates";
import { formatMoney } from "~/utils/money";
import type { Locale } from "~/utils/locale";
import { legalNotice, sellerIdentity } from "./seller";
import type { ShopSettings } from "./shop-settings";

/**
 * The values of the {{placeholders}} that content bodies use for the shop's constants, in the
 * reader's language and number format (see app/db/seed/content.types.ts for the list).
 */
export function settingsPlaceholders(
  settings: ShopSettings,
  locale: Locale,
  t: TFunction<"content">,
  /** A dated free-shipping promotion that runs: its threshold and last day in Italy (YYYY-MM-DD). */
  promotion: { thresholdCents: number; endsOn: string } | null = null,
): Record<string, string> {
  const money = (cents: number) => formatMoney(cents, locale);
  const legal = legalNotice(sellerIdentity(settings), locale);
  const methods = settings.paymentMethods.map((method) => t(`payments.${method}`, { count: settings.paypalInstalments }));
  return {
    // While a promotion runs, the texts say its threshold, until when, and the usual one after.
    freeShippingFrom: promotion
      ? withDateArticles(t("settings.freeShippingPromotion", { amount: money(promotion.thresholdCents), date: formatLongDate(`${promotion.endsOn}T12:00:00Z`, locale), usual: money(settings.freeShippingFromCents) }))
      : money(settings.freeShippingFromCents),
    shippingFee: money(settings.shippingFeeCents),
    deliveryDays: t("settings.deliveryDays", { min: settings.deliveryDays.min, max: settings.deliveryDays.max }),
    courier: settings.courier,
    returnDays: String(settings.returnDays),
    returnFee: money(settings.returnFeeCents),
    paymentMethods: new Intl.ListFormat(locale === "it" ? "it-IT" : "en-GB", { type: "conjunction" }).format(methods),
    paypalInstalments: t("payments.paypalInstalments", { count: settings.paypalInstalments }),
    supportHours: t("settings.supportHours", { open: settings.supportHours.open, close: settings.supportHours.close }),
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone,
    companyName: legal.name,
    companyAddress: legal.address,
    vatNumber: legal.vatNumber,
    reaNumber: legal.reaNumber ?? "",
    hrEmail: settings.hrEmail,
    lowestPriceNotice: t("settings.lowestPriceNotice"),
  };
}

/** Fills {{name}} placeholders; an unknown name is left as it is, so a typo shows. */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-zA-Z]+)\s*\}\}/g, (whole, name: string) => values[name] ?? whole);
}
