import type { PaymentMethod } from "~/modules/settings/shop-settings";

// Small neutral marks for the payment methods: drawn pictograms in the shop's ink on a paper tag,
// never the brands' logos. Decorative (aria-hidden): the method's name is always written beside.

const GLYPHS: Record<PaymentMethod, React.ReactNode> = {
  // A card: chip and embossed number.
  card: (
    <>
      <rect x="7" y="7.5" width="7" height="5.5" rx="1" />
      <path d="M7 18.5h5M14 18.5h5M21 18.5h5M28 18.5h4" />
    </>
  ),
  // A phone with the contactless waves.
  applePay: (
    <>
      <rect x="11" y="4.5" width="9.5" height="17" rx="2" />
      <path d="M14.5 7h2.5M24 10a4.5 4.5 0 0 1 0 6M27 8a8 8 0 0 1 0 10" />
    </>
  ),
  // A wallet.
  googlePay: (
    <>
      <path d="M10 8.5h17a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H12a2 2 0 0 1-2-2v-10Zm0 0 13-3.5 1.5 3.5" />
      <path d="M29 12.5h-4.5a1.5 1.5 0 0 0 0 3H29" />
    </>
  ),
  // Three equal parts, the first one paid.
  paypalInstalments: (
    <>
      <rect x="7" y="9" width="7" height="8" rx="1" className="fill-current" />
      <rect x="16.5" y="9" width="7" height="8" rx="1" />
      <rect x="26" y="9" width="7" height="8" rx="1" />
    </>
  ),
  // A bank: pediment, columns, steps.
  bankTransfer: (
    <path d="M12 10.5 20 5.5l8 5H12Zm2 2v6m4-6v6m4-6v6m4-6v6M11 20.5h18" />
  ),
};

/** A payment method's mark, 40 × 26 px. */
export function PaymentMark({ method, className = "" }: { method: PaymentMethod; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 40 26" width="40" height="26" className={`shrink-0 text-ink ${className}`}>
      <rect x="0.5" y="0.5" width="39" height="25" rx="3.5" className="fill-paper stroke-[#8c857d]" />
      <g fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round">
        {GLYPHS[method]}
      </g>
    </svg>
  );
}
