import { useTranslation } from "~/hooks/use-translation";
import { HONEYPOT_FIELD } from "~/utils/honeypot";

/** The field people never see or fill and form-filling bots do (public forms). */
export function HoneypotField() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        {t("newsletter.honeypot")}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
