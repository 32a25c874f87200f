import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Every page exists twice: Italian at the root with no prefix, English under /en. The same
// module serves both, with distinct route ids. Anything else (including /it/…) is a 404.
function localized(itPath: string, file: string, enPath: string = itPath) {
  const id = file.replace(/^routes\//, "").replace(/\.tsx?$/, "");
  const suffix = itPath.replace(/[^a-zA-Z0-9]+/g, "-") || "index";
  return [
    itPath === "" ? index(file, { id: `${id}.it.${suffix}` }) : route(itPath, file, { id: `${id}.it.${suffix}` }),
    route(enPath === "" ? "en" : `en/${enPath}`, file, { id: `${id}.en.${suffix}` }),
  ];
}

export default [
  // Pages and /api routes under the shop layout: it loads the session and the shopper's state.
  layout("routes/shop-layout.tsx", { id: "shop" }, [
    ...localized("", "routes/home.tsx"),

    // The account area: its layout's middleware lets only account holders in (spec §2).
    layout("routes/account-layout.tsx", { id: "account" }, [
      ...localized("account", "routes/account.tsx"),
      ...localized("account/addresses", "routes/account-addresses.tsx"),
      ...localized("account/export", "routes/account-export.ts"),
      ...localized("account/orders", "routes/account-orders.tsx"),
      ...localized("account/orders/:id", "routes/account-order.tsx"),
    ]),
    ...localized("blog", "routes/content-list.tsx"),
    ...localized("blog/:slug", "routes/content-entry.tsx"),
    ...localized("cart", "routes/cart.tsx"),
    ...localized("categories/*", "routes/category.tsx"),
    ...localized("curadelcapo", "routes/content-list.tsx", "careguide"),
    ...localized("curadelcapo/:slug", "routes/content-entry.tsx", "careguide/:slug"),
    ...localized(":insideName", "routes/inside.tsx"),
    ...localized("pages/career", "routes/career.tsx"),
    ...localized("pages/newsletter", "routes/newsletter.tsx"),
    ...localized("pages/storelocator", "routes/store-locator.tsx"),
    ...localized("pages/country", "routes/country.tsx"),
    ...localized("pages/cookies", "routes/cookies.tsx"),
    // The withdrawal function (Directive (EU) 2023/2673): anyone, with the order number and email.
    ...localized("pages/recesso", "routes/withdrawal.tsx", "pages/withdrawal"),
    ...localized("pages/*", "routes/static-page.tsx"),
    ...localized("products/*", "routes/product.tsx"),
    ...localized("search", "routes/search.tsx"),

    // Login and checkout: their own minimal layout (no header, footer or popups over the forms).
    layout("routes/auth-layout.tsx", { id: "auth" }, [
      ...localized("checkout", "routes/checkout-shipping.tsx"),
      ...localized("checkout/error/:orderId", "routes/checkout-error.tsx"),
      ...localized("checkout/payment", "routes/checkout-payment.tsx"),
      ...localized("checkout/registrationLogin", "routes/checkout-personal.tsx"),
      ...localized("checkout/review", "routes/checkout-review.tsx"),
      ...localized("checkout/success/:orderId", "routes/checkout-success.tsx"),
      // The sandbox payment provider's hosted page (PAYMENT_PROVIDER=sandbox, the default).
      ...localized("pay/sandbox/:ref", "routes/pay-sandbox.tsx"),
      ...localized("login", "routes/login.tsx"),
      ...localized("login/lost-password", "routes/login-lost-password.tsx"),
      ...localized("login/register", "routes/login-register.tsx"),
      ...localized("login/reset", "routes/login-reset.tsx"),
      // The address-confirmation link of the welcome e-mail: anyone holding the token, signed in or not.
      ...localized("account/confirm-email", "routes/confirm-email.tsx"),
      // The newsletter's double opt-in link and every newsletter mail's unsubscribe link (RFC 8058).
      ...localized("newsletter/confirm", "routes/newsletter-confirm.tsx"),
      ...localized("newsletter/unsubscribe", "routes/newsletter-unsubscribe.tsx"),
    ]),

    route("api/categories", "routes/api.categories.ts"),
    route("api/settings", "routes/api.settings.ts"),
    route("api/newsletter", "routes/api.newsletter.ts"),
    route("api/backstock/create", "routes/api.backstock.create.ts"),
    route("api/auth/socialLogin/callback", "routes/api.auth.social-callback.ts"),
    route("api/auth/:operation", "routes/api.auth.ts"),
    route("api/account/orders/:id", "routes/api.account.orders.ts"),
    route("api/payments/webhook/:provider", "routes/api.payments.webhook.ts"),
    route("api/cart", "routes/api.cart.ts", { id: "api-cart" }),
    route("api/cart/:operation", "routes/api.cart.ts", { id: "api-cart-operation" }),
    // The benchmark's yardstick: the shell and static markup, no database and no session row.
    route("_control", "routes/control.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),

  // Atelier, the back office (docs/decisions/021): its own layout and staff session, outside the
  // shop's. Every page calls requireStaff or requireOwner; the sign-in pages ask for nothing.
  layout("routes/atelier/layout.tsx", { id: "atelier" }, [
    ...localized("atelier", "routes/atelier/dashboard.tsx"),
    ...localized("atelier/login", "routes/atelier/login.tsx"),
    ...localized("atelier/login/code", "routes/atelier/login-code.tsx"),
    ...localized("atelier/login/enrol", "routes/atelier/login-enrol.tsx"),
    ...localized("atelier/login/recovery-codes", "routes/atelier/login-recovery-codes.tsx"),
    ...localized("atelier/setup", "routes/atelier/accept-invite.tsx"),
    ...localized("atelier/invite", "routes/atelier/accept-invite.tsx"),
    ...localized("atelier/logout", "routes/atelier/logout.tsx"),
    // What shoppers leave behind: newsletter sign-ups and job applications with their CVs.
    ...localized("atelier/newsletter", "routes/atelier/newsletter.tsx"),
    ...localized("atelier/newsletter/export", "routes/atelier/newsletter-export.ts"),
    ...localized("atelier/applications", "routes/atelier/applications.tsx"),
    ...localized("atelier/applications/:id", "routes/atelier/application.tsx"),
    ...localized("atelier/applications/:id/cv", "routes/atelier/application-cv.ts"),
    ...localized("atelier/staff", "routes/atelier/staff.tsx"),
    ...localized("atelier/settings", "routes/atelier/settings.tsx"),
    ...localized("atelier/audit", "routes/atelier/audit.tsx"),
    ...localized("atelier/customers", "routes/atelier/customers.tsx"),
    ...localized("atelier/customers/:id", "routes/atelier/customer.tsx"),
    ...localized("atelier/customers/:id/export", "routes/atelier/customer-export.ts"),
    ...localized("atelier/backstock", "routes/atelier/backstock.tsx"),
    // The order desk.
    ...localized("atelier/orders", "routes/atelier/orders.tsx"),
    ...localized("atelier/orders/export", "routes/atelier/orders-export.ts"),
    ...localized("atelier/orders/:id", "routes/atelier/order.tsx"),
    ...localized("atelier/orders/:id/packing-slip", "routes/atelier/order-packing-slip.tsx"),
    ...localized("atelier/returns", "routes/atelier/returns.tsx"),
    ...localized("atelier/orders/:id/invoice", "routes/atelier/order-invoice.tsx"),
    ...localized("atelier/orders/:id/invoice.xml", "routes/atelier/order-invoice-file.ts"),
    ...localized("atelier/invoices", "routes/atelier/invoices.tsx"),
    ...localized("atelier/invoices.csv", "routes/atelier/invoices-csv.ts"),
    // The catalogue's products: the list (bulk publication) and a product's editor.
    ...localized("atelier/products", "routes/atelier/products.tsx"),
    ...localized("atelier/products/new", "routes/atelier/product.tsx"),
    ...localized("atelier/products/:id", "routes/atelier/product.tsx"),
    ...localized("atelier/products/:id/variants", "routes/atelier/product-variants.tsx"),
    // The shop's words: journal, care guide, pages and stories; the store locator's stores.
    ...localized("atelier/content", "routes/atelier/content.tsx"),
    ...localized("atelier/content/new", "routes/atelier/content-editor.tsx"),
    ...localized("atelier/content/:kind/:key", "routes/atelier/content-editor.tsx"),
    ...localized("atelier/stores", "routes/atelier/stores.tsx"),
    ...localized("atelier/stores/new", "routes/atelier/store.tsx"),
    ...localized("atelier/stores/:id", "routes/atelier/store.tsx"),
    // The catalogue's tree and the discount codes (any staff).
    ...localized("atelier/categories", "routes/atelier/categories.tsx"),
    ...localized("atelier/categories/new", "routes/atelier/category.tsx"),
    ...localized("atelier/categories/:id", "routes/atelier/category.tsx"),
    ...localized("atelier/discount-codes", "routes/atelier/discount-codes.tsx"),
    ...localized("atelier/discount-codes/new", "routes/atelier/discount-code.tsx"),
    ...localized("atelier/discount-codes/:id", "routes/atelier/discount-code.tsx"),
    // A product's photographs (docs/decisions/023).
    ...localized("atelier/products/:id/photos", "routes/atelier/product-photos.tsx"),
    // Sections still to come answer Atelier's own 404 inside its frame.
    ...localized("atelier/banner", "routes/atelier/banner.tsx"),
    ...localized("atelier/promotions", "routes/atelier/promotions.tsx"),
    ...localized("atelier/catalog/import", "routes/atelier/catalog-import.tsx"),
    ...localized("atelier/catalog/export", "routes/atelier/catalog-export.ts"),
    ...localized("atelier/*", "routes/atelier/not-found.tsx"),
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
