import { FieldError, type FormKit } from "~/components/ui/form-kit";
import { useTranslation } from "~/hooks/use-translation";
import type { PaymentMethod } from "~/modules/settings/shop-settings";
import { PaymentMark } from "./payment-marks";

/** The payment methods as radio cards (the payment step, and a retry after a failed payment). */
export function PaymentMethodChoices({ kit, methods, chosen, instalments, transferDays }: { kit: FormKit; methods: PaymentMethod[]; chosen: string | null; instalments: number; transferDays: number }) {
  const { t } = useTranslation("checkout");
  const errorId = `${kit.id}-paymentMethod-error`;
  const selected = chosen && methods.includes(chosen as PaymentMethod) ? chosen : methods[0];
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-2 font-display text-2xl">{t("payment.legend")}</legend>
      {methods.some((method) => method !== "bankTransfer") ? <p className="mb-4 text-sm text-stone">{t("payment.providerHint")}</p> : null}
      <div className="grid gap-3" key={kit.resetKey}>
        {methods.map((method) => {
          const label = method === "paypalInstalments" ? t("payment.paypalInstalments", { count: instalments }) : t(`payment.${method}`);
          const hint = method === "bankTransfer" ? t("payment.bankTransferHint", { count: transferDays }) : null;
          return (
            <label key={method} className="choice-card items-center">
              <input type="radio" name="paymentMethod" value={method} defaultChecked={method === selected} required className="!mt-0" />
              <span className="flex-1 text-sm font-medium">
                {label}
                {hint ? <span className="mt-1 block font-normal text-stone">{hint}</span> : null}
              </span>
              <PaymentMark method={method} />
            </label>
          );
        })}
      </div>
      <FieldError id={errorId} errors={kit.errors("paymentMethod")} />
    </fieldset>
  );
}
