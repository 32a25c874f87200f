import { useTranslation } from "~/hooks/use-translation";
import type { LegalNotice } from "~/modules/settings/seller";

/**
 * The seller as Italian law wants it on the site: ragione sociale, sede, partita IVA, REA and
 * share capital (fully paid up), from the owner's settings. The year is the clock's, which may
 * differ between the server and the browser (a page served on 31 December): hydration keeps the
 * server's.
 */
export function LegalLine({ legal }: { legal: LegalNotice }) {
  const { t } = useTranslation();
  const parts = [
    t("footer.legal", { year: new Date().getUTCFullYear(), name: legal.name, address: legal.address, vatNumber: legal.vatNumber }),
    legal.reaNumber ? t("footer.legalRea", { reaNumber: legal.reaNumber }) : null,
    legal.shareCapital ? t("footer.legalCapital", { amount: legal.shareCapital }) : null,
  ];
  return (
    <p suppressHydrationWarning data-testid="legal-line">
      {parts.filter(Boolean).join(" — ")}
    </p>
  );
}
