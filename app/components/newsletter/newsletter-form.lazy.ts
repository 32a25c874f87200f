import { lazyIsland } from "~/components/ui/lazy-island";
import type { NewsletterFormProps } from "./newsletter-form";

/** The newsletter form with its validation (conform + zod) loaded after hydration. */
export const LazyNewsletterForm = lazyIsland<NewsletterFormProps>("newsletter-form", () => import("./newsletter-form"));
