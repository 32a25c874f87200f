import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every page is declared once, in Italian words, under a layout whose path begins with an
// optional `en` segment: Italian at the root, English under /en, the same module and route id
// for both (docs/decisions/003 and 026). React Router expands an optional segment into both
// paths when it builds its table, so there are as many paths to try as before; what the segment
// buys is that a path of the other language, or of Atelier for a shop page, fails on its first
// segment instead of after a pass through the layout (docs/decisions/026). Anything else,
// including /it/…, is a 404.
//
// An absolute path ("/curadelcapo") under an optional segment belongs to the branch whose prefix
// it starts with only: that is how a page with its own words in one language (the care guide,
// the withdrawal page) and the Italian-only API routes stay out of the other language.
function page(path: string, file: string) {
  const id = `${file.replace(/^routes\//, "").replace(/\.tsx?$/, "")}.${path.replace(/[^a-zA-Z0-9]+/g, "-") || "index"}`;
  return path === "" ? index(file, { id }) : route(path, file, { id });
}

export default [
  // Pages and /api routes under the shop layout: it loads the session and the shopper's state.
  route("en?", "routes/shop-layout.tsx", { id: "shop" }, [
    page("", "routes/home.tsx"),

    // The account area: its layout's middleware lets only account holders in (spec §2).
    layout("routes/account-layout.tsx", { id: "account" }, [
      page("account", "routes/account.tsx"),
      page("account/addresses", "routes/account-addresses.tsx"),
      page("account/export", "routes/account-export.ts"),
      page("account/orders", "routes/account-orders.tsx"),
      page("account/orders/:id", "routes/account-order.tsx"),
    ]),
    page("blog", "routes/content-list.tsx"),
    page("blog/:slug", "routes/content-entry.tsx"),
    page("cart", "routes/cart.tsx"),
    page("categories/*", "routes/category.tsx"),
    route("/curadelcapo", "routes/content-list.tsx", { id: "content-list.curadelcapo" }),
    route("/en/careguide", "routes/content-list.tsx", { id: "content-list.careguide" }),
    route("/curadelcapo/:slug", "routes/content-entry.tsx", { id: "content-entry.curadelcapo-slug" }),
    route("/en/careguide/:slug", "routes/content-entry.tsx", { id: "content-entry.careguide-slug" }),
    page(":insideName", "routes/inside.tsx"),
    page("pages/career", "routes/career.tsx"),
    page("pages/newsletter", "routes/newsletter.tsx"),
    page("pages/storelocator", "routes/store-locator.tsx"),
    page("pages/country", "routes/country.tsx"),
    page("pages/cookies", "routes/cookies.tsx"),
    // The withdrawal function (Directive (EU) 2023/2673): anyone, with the order number and email.
    route("/pages/recesso", "routes/withdrawal.tsx", { id: "withdrawal.pages-recesso" }),
    route("/en/pages/withdrawal", "routes/withdrawal.tsx", { id: "withdrawal.pages-withdrawal" }),
    page("pages/*", "routes/static-page.tsx"),
    page("products/*", "routes/product.tsx"),
    page("search", "routes/search.tsx"),
    // The wishlist: its own word in each language.
    route("/preferiti", "routes/wishlist.tsx", { id: "wishlist.preferiti" }),
    route("/en/wishlist", "routes/wishlist.tsx", { id: "wishlist.wishlist" }),
    // A product's size guide (the product page's dialog without JavaScript): its own words in each language.
    route("/guida-taglie/*", "routes/size-guide.tsx", { id: "size-guide.guida-taglie" }),
    route("/en/size-guide/*", "routes/size-guide.tsx", { id: "size-guide.size-guide" }),

    // Login and checkout: their own minimal layout (no header, footer or popups over the forms).
    layout("routes/auth-layout.tsx", { id: "auth" }, [
      page("checkout", "routes/checkout-shipping.tsx"),
      page("checkout/error/:orderId", "routes/checkout-error.tsx"),
      page("checkout/payment", "routes/checkout-payment.tsx"),
      page("checkout/registrationLogin", "routes/checkout-personal.tsx"),
      page("checkout/review", "routes/checkout-review.tsx"),
      page("checkout/success/:orderId", "routes/checkout-success.tsx"),
      // The sandbox payment provider's hosted page (PAYMENT_PROVIDER=sandbox, the default).
      page("pay/sandbox/:ref", "routes/pay-sandbox.tsx"),
      page("login", "routes/login.tsx"),
      page("login/lost-password", "routes/login-lost-password.tsx"),
      page("login/register", "routes/login-register.tsx"),
      page("login/reset", "routes/login-reset.tsx"),
      // The address-confirmation link of the welcome e-mail: anyone holding the token, signed in or not.
      page("account/confirm-email", "routes/confirm-email.tsx"),
      // The newsletter's double opt-in link and every newsletter mail's unsubscribe link (RFC 8058).
      page("newsletter/confirm", "routes/newsletter-confirm.tsx"),
      page("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
      // Every price-drop e-mail's stop link (the wishlist's): its own words in each language.
      route("/preferiti/avvisi", "routes/wishlist-alerts.tsx", { id: "wishlist-alerts.preferiti-avvisi" }),
      route("/en/wishlist/alerts", "routes/wishlist-alerts.tsx", { id: "wishlist-alerts.wishlist-alerts" }),
    ]),

    route("/api/categories", "routes/api.categories.ts"),
    route("/api/settings", "routes/api.settings.ts"),
    route("/api/search/suggestions", "routes/api.search-suggestions.ts"),
    route("/api/newsletter", "routes/api.newsletter.ts"),
    route("/api/backstock/create", "routes/api.backstock.create.ts"),
    route("/api/auth/socialLogin/callback", "routes/api.auth.social-callback.ts"),
    route("/api/auth/:operation", "routes/api.auth.ts"),
    route("/api/account/orders/:id", "routes/api.account.orders.ts"),
    route("/api/payments/webhook/:provider", "routes/api.payments.webhook.ts"),
    route("/api/cart", "routes/api.cart.ts", { id: "api-cart" }),
    route("/api/cart/:operation", "routes/api.cart.ts", { id: "api-cart-operation" }),
    route("/api/wishlist", "routes/api.wishlist.ts", { id: "api-wishlist" }),
    route("/api/wishlist/:operation", "routes/api.wishlist.ts", { id: "api-wishlist-operation" }),
    route("/api/size-guide/*", "routes/api.size-guide.ts"),
    route("/api/recently-viewed", "routes/api.recently-viewed.ts"),
    // The benchmark's yardstick: the shell and static markup, no database and no session row.
    route("/_control", "routes/control.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  // Atelier, the back office (docs/decisions/021): its own layout and staff session, outside the
  // shop's. Its middleware lets in who the route's declaration (atelier-access.ts) allows; pages
  // read the member from the request context (getAtelierContext); the sign-in pages ask for nobody.
  route("en?/atelier", "routes/atelier/layout.tsx", { id: "atelier" }, [
    page("", "routes/atelier/dashboard.tsx"),
    page("login", "routes/atelier/login.tsx"),
    page("login/code", "routes/atelier/login-code.tsx"),
    page("login/enrol", "routes/atelier/login-enrol.tsx"),
    page("login/recovery-codes", "routes/atelier/login-recovery-codes.tsx"),
    page("setup", "routes/atelier/accept-invite.tsx"),
    page("invite", "routes/atelier/accept-invite.tsx"),
    page("logout", "routes/atelier/logout.tsx"),
    // "Stay signed in" (the layout's warning two minutes before the idle end): a post that extends the session.
    page("session", "routes/atelier/session.ts"),
    // The header's search (issue 42 part 7): orders, customers and products the member may open.
    page("search", "routes/atelier/search.tsx"),
    // What shoppers leave behind: newsletter sign-ups and job applications with their CVs.
    page("newsletter", "routes/atelier/newsletter.tsx"),
    page("newsletter/export", "routes/atelier/newsletter-export.ts"),
    page("applications", "routes/atelier/applications.tsx"),
    page("applications/:id", "routes/atelier/application.tsx"),
    page("applications/:id/cv", "routes/atelier/application-cv.ts"),
    page("staff", "routes/atelier/staff.tsx"),
    page("settings", "routes/atelier/settings.tsx"),
    page("settings/fiscal", "routes/atelier/settings-fiscal.tsx"),
    page("audit", "routes/atelier/audit.tsx"),
    page("customers", "routes/atelier/customers.tsx"),
    // Someone who ordered without an account, by the address (issue 42 part 4).
    page("customers/guest", "routes/atelier/customer-guest.tsx"),
    page("customers/:id", "routes/atelier/customer.tsx"),
    page("customers/:id/export", "routes/atelier/customer-export.ts"),
    page("backstock", "routes/atelier/backstock.tsx"),
    // Reports (issue 42 part 6): one page for every report, its CSV with the same query.
    page("reports", "routes/atelier/reports.tsx"),
    page("reports.csv", "routes/atelier/reports-csv.ts"),
    // The order desk.
    page("orders", "routes/atelier/orders.tsx"),
    page("orders/export", "routes/atelier/orders-export.ts"),
    // The list's selection (issue 42 part 5): shipped in one form, its packing slips printed together.
    page("orders/ship", "routes/atelier/orders-ship.tsx"),
    page("orders/packing-slips", "routes/atelier/orders-packing-slips.tsx"),
    page("orders/:id", "routes/atelier/order.tsx"),
    page("orders/:id/packing-slip", "routes/atelier/order-packing-slip.tsx"),
    page("returns", "routes/atelier/returns.tsx"),
    page("orders/:id/invoice", "routes/atelier/order-invoice.tsx"),
    page("orders/:id/invoice.xml", "routes/atelier/order-invoice-file.ts"),
    // A refund's and a cancellation's confirmation steps, a bank transfer's refund recorded, the credit notes (issue 37).
    page("orders/:id/refund", "routes/atelier/order-refund.tsx"),
    page("orders/:id/cancel", "routes/atelier/order-cancel.tsx"),
    page("orders/:id/refunds/:refundId", "routes/atelier/order-refund-transfer.tsx"),
    page("orders/:id/credit-notes", "routes/atelier/order-credit-notes.ts"),
    page("orders/:id/credit-notes/:noteId", "routes/atelier/order-credit-note-file.ts"),
    page("invoices", "routes/atelier/invoices.tsx"),
    page("invoices.csv", "routes/atelier/invoices-csv.ts"),
    // The catalogue's products: the list (bulk publication) and a product's editor.
    page("products", "routes/atelier/products.tsx"),
    page("products/new", "routes/atelier/product.tsx"),
    page("products/:id", "routes/atelier/product.tsx"),
    page("products/:id/variants", "routes/atelier/product-variants.tsx"),
    // The shop's words: journal, care guide, pages and stories; the store locator's stores.
    page("content", "routes/atelier/content.tsx"),
    page("content/new", "routes/atelier/content-editor.tsx"),
    page("content/:kind/:key", "routes/atelier/content-editor.tsx"),
    page("stores", "routes/atelier/stores.tsx"),
    page("stores/new", "routes/atelier/store.tsx"),
    page("stores/:id", "routes/atelier/store.tsx"),
    // The catalogue's tree and the discount codes (any staff).
    page("categories", "routes/atelier/categories.tsx"),
    page("categories/new", "routes/atelier/category.tsx"),
    page("categories/:id", "routes/atelier/category.tsx"),
    page("discount-codes", "routes/atelier/discount-codes.tsx"),
    page("discount-codes/new", "routes/atelier/discount-code.tsx"),
    page("discount-codes/:id", "routes/atelier/discount-code.tsx"),
    // A product's photographs (docs/decisions/023).
    page("products/:id/photos", "routes/atelier/product-photos.tsx"),
    // Sections still to come answer Atelier's own 404 inside its frame.
    page("banner", "routes/atelier/banner.tsx"),
    page("promotions", "routes/atelier/promotions.tsx"),
    page("catalog/import", "routes/atelier/catalog-import.tsx"),
    page("catalog/colors", "routes/atelier/catalog-colours.tsx"),
    page("catalog/colors/:code", "routes/atelier/catalog-colour.tsx"),
    page("catalog/synonyms", "routes/atelier/catalog-synonyms.tsx"),
    page("catalog/search-report", "routes/atelier/catalog-search-report.tsx"),
    page("catalog/manufacturers", "routes/atelier/catalog-manufacturers.tsx"),
    page("catalog/manufacturers/new", "routes/atelier/catalog-manufacturer.tsx"),
    page("catalog/manufacturers/:id", "routes/atelier/catalog-manufacturer.tsx"),
    page("catalog/export", "routes/atelier/catalog-export.ts"),
    // The size guides (issue 41 part 2) and a product's sizing: its guide, fit and model.
    page("catalog/size-guides", "routes/atelier/size-guides.tsx"),
    page("catalog/size-guides/new", "routes/atelier/size-guide.tsx"),
    page("catalog/size-guides/:id", "routes/atelier/size-guide.tsx"),
    page("products/:id/sizing", "routes/atelier/product-sizing.tsx"),
    // A product's stock in the warehouse and the stores (issue 41 part 3).
    page("products/:id/stores", "routes/atelier/product-stores.tsx"),
    page("catalog/store-stock", "routes/atelier/store-stock-csv.tsx"),
    page("catalog/store-stock.csv", "routes/atelier/store-stock-export.ts"),
    page("*", "routes/atelier/not-found.tsx"),
  ]),

  // No session here: generated files and images.
  route("media/:kind/:name/:file", "routes/media.ts"),
  // Lite mode on or off (the footer's and the lite notice's forms): a cookie and a redirect back,
  // one path for both languages (the page it returns to has the language).
  route("preferenze/versione-leggera", "routes/lite-mode.ts"),
  // The spec's four sitemap routes (/sitemap/{categories,index,pages,products}.xml), the index
  // also at /sitemap.xml, and robots.txt pointing to it.
  route("sitemap.xml", "routes/sitemap.ts", { id: "sitemap-root" }),
  route("sitemap/:name", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
] satisfies RouteConfig;
