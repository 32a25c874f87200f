import { type ComponentType, lazy } from "react";
import type { DialogProps } from "./dialog-events";

// The shop's dialogs, each loaded on its first opening only, by what opens it (openDialog). Code
// that fails to load (offline, a new deployment) shows no dialog rather than the page's error
// screen.
const none = (): { default: ComponentType<DialogProps> } => ({ default: () => null });

/** The country chooser (country-link.tsx). */
export const CountryDialog = lazy(() => import("~/components/country/country-dialog").catch(none));

/** The bag drawer, after an add (add-to-bag-form.tsx). */
export const BagDrawer = lazy(() => import("~/components/bag/bag-drawer").catch(none));

/** A product's size guide (product-view.tsx's link). */
export const SizeGuideDialog = lazy(() => import("~/components/catalog/size-guide-dialog").catch(none));
