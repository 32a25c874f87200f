import type { ReactNode } from "react";

/** How a status reads: calm (neutral), good (done), attention (waiting on the shop), bad (failed, cancelled). */
export type BadgeTone = "neutral" | "good" | "attention" | "bad";

const TONES: Record<BadgeTone, string> = {
  neutral: "border-line bg-sand text-ink",
  good: "border-success/40 bg-success/10 text-success",
  attention: "border-warning/40 bg-warning/10 text-warning",
  bad: "border-sale/40 bg-sale/10 text-sale",
};

/** A status as a small labelled badge; the words carry the meaning, the colour only repeats it. */
export function StatusBadge({ tone = "neutral", children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`inline-flex items-center border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[tone]}`}>{children}</span>;
}
