import { lazyIsland } from "~/components/ui/lazy-island";
import type { NewsletterFormProps } from "./newsletter-form";

/**
 * The newsletter form with its validation (conform + zod, ≈ 36 KiB gzipped), loaded when the
 * shopper first uses it; until then the server's form posts like the no-JavaScript one.
 */
export const LazyNewsletterForm = lazyIsland<NewsletterFormProps>("newsletter-form", () => import("./newsletter-form"));
