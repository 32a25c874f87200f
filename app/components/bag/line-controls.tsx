import type { SubmissionResult } from "@conform-to/react";
import type { ComponentType, ReactNode } from "react";
import { useLocale } from "~/hooks/use-locale";
import { useTranslation } from "~/hooks/use-translation";
import type { BagLine, BagView } from "~/modules/bag/bag.service.server";
import { withDateArticles } from "~/utils/date-article";
import { formatMoney } from "~/utils/money";

/** What the bag's action (cart.tsx) answers a form or a fetcher: done, or the form's errors, for a line. */
export interface BagActionData {
  result: SubmissionResult<string[]>;
  intent: string;
  lineId: number | null;
  done?: boolean;
}

/** The error keys a bag form's answer holds for these intents and this line (none: it was another form's). */
export function errorsOf(actionData: BagActionData | undefined, intent: string | string[], lineId: number | null = null) {
  if (actionData?.result?.status !== "error") return undefined;
  const intents = Array.isArray(intent) ? intent : [intent];
  if (!intents.includes(actionData.intent) || actionData.lineId !== lineId) return undefined;
  return Object.values(actionData.result.error ?? {})
    .flat()
    .filter((key): key is string => typeof key === "string");
}


// A bag line's controls and the free-shipping progress, shared by the bag page and the drawer.
// The controls are real forms posting to /cart: the page passes React Router's Form (a
// navigation, or without JavaScript a plain post), the drawer a fetcher's Form (the page under
// it stays). `children` carries what the page adds without JavaScript (where to come back to).

type PostForm = ComponentType<{ method: "post"; action: string; className?: string; "aria-label"?: string; children?: ReactNode }>;

interface LineFormProps {
  line: Pick<BagLine, "id" | "name" | "quantity" | "maxQuantity">;
  Form: PostForm;
  busy: boolean;
  children?: ReactNode;
}

/**
 * − quantity +: each button posts the new quantity; 0 is the remove button's job. The number is
 * printed once (a text browser reads "− Quantità: 2 +"), and announced when it changes.
 */
export function QuantityStepper({ line, Form, busy, describedBy, children }: LineFormProps & { describedBy?: string }) {
  const { t } = useTranslation("bag");
  const { href } = useLocale();
  const step =
    "inline-flex size-11 items-center justify-center text-lg transition-colors hover:bg-sand disabled:cursor-not-allowed disabled:text-[#8c857d] disabled:hover:bg-transparent";
  const canIncrease = line.quantity < line.maxQuantity;
  return (
    <Form method="post" action={href("/cart")} className="inline-flex items-center border border-line bg-paper" aria-label={t("line.quantityOf", { name: line.name })}>
      {children}
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="lineId" value={line.id} />
      <button
        type="submit"
        name="quantity"
        value={Math.min(line.quantity - 1, Math.max(line.maxQuantity, 1))}
        className={step}
        disabled={busy || line.quantity <= 1}
        aria-label={t("line.decrease", { name: line.name })}
        aria-describedby={describedBy}
      >
        −
      </button>{" "}
      <output className="inline-flex h-11 min-w-9 items-center justify-center text-sm tabular-nums" aria-live="polite" data-testid="line-quantity">
        <span className="sr-only">{t("line.quantity")}: </span>
        {line.quantity}
      </output>{" "}
      <button type="submit" name="quantity" value={line.quantity + 1} className={step} disabled={busy || !canIncrease} aria-label={t("line.increase", { name: line.name })}>
        +
      </button>
    </Form>
  );
}

/** The line's remove button, a form of its own. */
export function RemoveLine({ line, Form, busy, children }: LineFormProps) {
  const { t } = useTranslation("bag");
  const { href } = useLocale();
  return (
    <Form method="post" action={href("/cart")}>
      {children}
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="lineId" value={line.id} />
      <button
        type="submit"
        className="link inline-flex min-h-11 items-center text-sm text-stone underline decoration-line underline-offset-4 hover:text-terracotta"
        aria-label={t("line.removeLabel", { name: line.name })}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {t("line.remove")}
      </button>
    </Form>
  );
}

/**
 * How far the bag is from free shipping: the shipping rule's sentence, and under it a thin
 * <progress> named by that sentence (a screen reader hears both; a text browser the sentence).
 */
export function FreeShippingProgress({ totals, id }: { totals: BagView["totals"]; id: string }) {
  const { t } = useTranslation("bag");
  const { locale } = useLocale();
  const goal = Math.max(1, totals.freeShippingFromCents);
  const reached = Math.min(goal, Math.max(0, totals.freeShippingFromCents - totals.missingForFreeShippingCents));
  const done = totals.missingForFreeShippingCents <= 0;
  return (
    <div className="space-y-2">
      <p id={id} className="text-sm" data-testid="free-shipping">
        {/* A dated promotion that sets the threshold says so, with its last day (issue 37). */}
        {withDateArticles(
          totals.freeShippingUntil
            ? t(done ? "summary.reachedPromotion" : "summary.missingPromotion", {
                amount: formatMoney(totals.missingForFreeShippingCents, locale),
                threshold: formatMoney(totals.freeShippingFromCents, locale),
                date: totals.freeShippingUntilText,
              })
            : done
              ? t("summary.reached")
              : t("summary.missing", { amount: formatMoney(totals.missingForFreeShippingCents, locale) }),
        )}
      </p>
      <progress className="shipping-progress" max={goal} value={done ? goal : reached} aria-labelledby={id} />
    </div>
  );
}

/** A line's 96 px picture, beside its name on the bag page and in the drawer. */
export function LineThumbnail({ line, lazy = false }: { line: BagLine; lazy?: boolean }) {
  return (
    <img
      src={line.image.src}
      srcSet={line.image.srcSet}
      sizes="96px"
      width={line.image.width}
      height={line.image.height}
      alt=""
      className="aspect-[4/5] h-auto w-24 bg-sand object-cover"
      loading={lazy ? "lazy" : undefined}
      decoding={lazy ? "async" : undefined}
    />
  );
}
