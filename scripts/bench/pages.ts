// The pages `npm run bench` measures. Adding a page is one line.
//
// Ratios are relative to the control entry: the shell and static markup rendered through the
// whole stack (Express, compression, React Router, the root layout) without database or session.

export interface PageEntry {
  /** Short label for the table and the JSON output. */
  name: string;
  /** The path requested from the server, e.g. "/" or "/categories/donna". */
  path: string;
  /** The yardstick the other pages are compared against: exactly one entry has it. */
  control?: boolean;
  /**
   * Fails the run when the page preloads more gzipped JavaScript than this (1 KiB = 1024 bytes),
   * or when a browser fetches more than this until the network is idle, without interaction.
   */
  jsBudgetKiB?: number;
  /**
   * Fails the run when the page's requests/s divided by the control's falls below this (0.4 = 40 %).
   * Kept for ad-hoc use: requests/s moves by 14–53 % between rounds on a shared 2-core machine
   * (the load generator takes its share), so the pages' floors are on `maxCpuRatio`.
   */
  minThroughputRatio?: number;
  /**
   * Fails the run when the server's CPU time per request for this page exceeds this multiple of
   * the control route's (2 = the page may cost twice the control's CPU). A throughput floor of
   * r of the control's is a CPU ceiling of about 1 ÷ r when the server is the bottleneck.
   */
  maxCpuRatio?: number;
  /** Requested by a shopper whose bag holds this many lines (its session cookie on every request). */
  bagLines?: number;
  /**
   * Not a page but a form post, as a browser with JavaScript sends it (a fetcher's POST to the
   * route's `.data` URL): "addToBag" is a new shopper's first add of an in-stock variant, the
   * heaviest add (it creates the session and the bag; a repeated add would soon stop at the
   * stock). "login" is an account holder's login with the right password (the next of many
   * accounts, from the next of many addresses: see scripts/bench/account.ts); its cost is the
   * password hash. Their requests/s and p99 are compared with the control like a page's.
   */
  action?: "addToBag" | "login";
  /** Requested by a guest brought through the checkout's forms up to this step (one line in the bag). */
  checkoutStep?: "payment" | "review";
  /** Requested in lite mode (the footer's choice, cookie bottega_lite=1): the page has no script at all. */
  lite?: boolean;
  /**
   * Answered by the anonymous page cache (docs/decisions/028): requested as a browser without a
   * session asks, so every request after the first comes from memory. Every other entry asks with
   * `Cache-Control: no-cache` (a hard reload), which renders the page each time: its row is the
   * cost of rendering, the cache's miss included.
   */
  cached?: boolean;
  /**
   * With `cached`: fails the run when the rendered entry of the same path costs the server less
   * than this many times its CPU time per request (its requests/s where the server's CPU time
   * cannot be read).
   */
  minSpeedup?: number;
}

export const PAGES: PageEntry[] = [
  { name: "control", path: "/_control", control: true },
  { name: "home", path: "/", jsBudgetKiB: 112 },
  { name: "home cached", path: "/", cached: true, minSpeedup: 20 },
  { name: "listing", path: "/categories/donna", jsBudgetKiB: 122, maxCpuRatio: 2 },
  { name: "product", path: "/products/cardigan-in-cashmere", jsBudgetKiB: 112, maxCpuRatio: 1.7 },
  { name: "product-lite", path: "/products/cardigan-in-cashmere", jsBudgetKiB: 0, lite: true },
  { name: "product cached", path: "/products/cardigan-in-cashmere", cached: true, minSpeedup: 20 },
  { name: "bag", path: "/cart", jsBudgetKiB: 120, bagLines: 3 },
  { name: "add", path: "/cart.data", action: "addToBag" },
  { name: "login", path: "/login", jsBudgetKiB: 117 },
  { name: "register", path: "/login/register", jsBudgetKiB: 118 },
  { name: "login-post", path: "/login.data", action: "login" },
  { name: "payment", path: "/checkout/payment", jsBudgetKiB: 119, checkoutStep: "payment" },
  { name: "review", path: "/checkout/review", jsBudgetKiB: 120, checkoutStep: "review" },
];
