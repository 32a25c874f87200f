import type { TFunction } from "i18next";
import type { BagLine } from "~/modules/bag/bag.service.server";

/** Why a bag line blocks the checkout, in the shopper's words (bag namespace); null when it does not. */
export function lineProblemText(line: Pick<BagLine, "problem" | "maxQuantity">, t: TFunction<"bag">): string | null {
  if (line.problem === "UNAVAILABLE") return t("line.unavailable");
  if (line.problem === "OUT_OF_STOCK") return line.maxQuantity > 0 ? t("line.outOfStock", { count: line.maxQuantity }) : t("line.soldOut");
  return null;
}
