import { lazyIsland } from "~/components/ui/lazy-island";
import type { ProductViewProps } from "./product-view";

/** The product page's content, loaded on first use (decision 034); see routes/product.tsx. */
export const LazyProductView = lazyIsland<ProductViewProps>("product-view", () => import("./product-view"));
