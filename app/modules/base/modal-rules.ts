// The modals' shared rules (the country popup and chooser, the filters drawer, the bag drawer):
// in the base level, so a page's modal loads them without the country's rules.

/** Modals close when the page scrolls more than this share of the window height. */
export const SCROLL_CLOSE_RATIO = 0.2;

/** Whether an open modal should close after the page scrolled from `start` to `current`. */
export function scrolledPastThreshold(start: number, current: number, windowHeight: number): boolean {
  return Math.abs(current - start) > windowHeight * SCROLL_CLOSE_RATIO;
}
