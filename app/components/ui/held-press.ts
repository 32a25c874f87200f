// A click or a submission that a lazy island held while its code loaded (lazy-island.tsx), and
// how it is sent again: to the live element that took the held one's place
// (island-handover.ts), or, when the code could not come, to the server HTML's own element.

export interface Held {
  kind: "click" | "submit";
  target: Element;
  submitter: Element | null;
}

/**
 * Clicks the element, or submits the form with its submitter where that is one of the form's
 * submit buttons (requestSubmit throws for any other).
 */
export function sendHeld({ kind, target, submitter }: Held) {
  if (kind === "click") (target as HTMLElement).click();
  else if (target instanceof HTMLFormElement) {
    const button = submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
    target.requestSubmit(button?.form === target && button.type === "submit" ? button : undefined);
  }
}
