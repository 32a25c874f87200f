import { lazyIsland } from "~/components/ui/lazy-island";
import type { HomeViewProps } from "./home-view";

/** The home page's content, loaded on first use (decision 034); see routes/home.tsx. */
export const LazyHomeView = lazyIsland<HomeViewProps>("home-view", () => import("./home-view"));
