import { type BadgeTone, StatusBadge } from "~/components/atelier/status-badge";
import { useTranslation } from "~/hooks/use-translation";
import type { ContentState } from "~/modules/content/content-editor.schema";

const TONES: Record<ContentState, BadgeTone> = { draft: "neutral", scheduled: "attention", published: "good" };

/** A content entry's state: a draft, scheduled, or published (read by shoppers now). */
export function ContentStateBadge({ state }: { state: ContentState }) {
  const { t } = useTranslation("atelier-content");
  return <StatusBadge tone={TONES[state]}>{t(`states.${state}`)}</StatusBadge>;
}
