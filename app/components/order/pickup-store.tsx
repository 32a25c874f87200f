import { useTranslation } from "~/hooks/use-translation";
import { PICKUP_TRANSFER_DAYS } from "~/modules/store/store-pickup.rules";

/** What a page says of a pick-up store: the checkout's choices, the review, the order's pages, Atelier. */
export interface PickupStoreView {
  name: string;
  address: string;
  city: string;
  province: string | null;
  postalCode: string | null;
  phone: string;
  /** The pieces come from the warehouse (2–3 working days) rather than the store's shelf. */
  byTransfer: boolean;
}

/** A pick-up store's name, address and phone, and when the order is ready there. */
export function PickupStoreAddress({ store }: { store: PickupStoreView }) {
  const { t } = useTranslation("checkout");
  return (
    <span className="block">
      <span className="block font-medium">{store.name}</span> <span className="block">{store.address}</span>{" "}
      <span className="block">{[store.postalCode, store.city, store.province].filter(Boolean).join(" ")}</span> <span className="block">{store.phone}</span>{" "}
      <span className="mt-1 block text-stone">{store.byTransfer ? t("pickup.transfer", { min: PICKUP_TRANSFER_DAYS.min, max: PICKUP_TRANSFER_DAYS.max }) : t("pickup.sameDay")}</span>
    </span>
  );
}
