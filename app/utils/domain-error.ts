/**
 * Every broken business rule the shop knows, by code: the HTTP status it answers with and the
 * message shown to the shopper (a translation key, common.json unless it names a namespace).
 * Services throw `DomainError` with one of these codes; routes never map errors by hand nor
 * branch on a code to choose a status: form.server.ts's formError (a form's message) and
 * pageError (the error page), json-api.server.ts's jsonError (an /api answer) read this table
 * (docs/decisions/040). `page: true` marks what a page or a form is about being missing (a
 * forged or stale id): the error page's 404 even where a form posted it, unless the error names
 * a field. NOT_FOUND is the one 404 a route throws itself (id-param.ts's notFound).
 */
export const DOMAIN_ERRORS = {
  /** Too many requests from one client or for one account: the error carries Retry-After. */
  RATE_LIMITED: { status: 429, message: "domain.rateLimited" },
  /** Too many password checks waiting in this process (logins, registrations): the error carries Retry-After. */
  BUSY: { status: 503, message: "domain.busy" },
  /** The product, colour or size does not exist or is not sold (spec §8: product not available). */
  PRODUCT_UNAVAILABLE: { status: 404, message: "domain.productUnavailable" },
  /** The size exists but has no stock for the quantity (spec §8: size not available or out of stock). */
  OUT_OF_STOCK: { status: 409, message: "domain.outOfStock" },
  /** A back-in-stock request for a size that is in stock. */
  ALREADY_IN_STOCK: { status: 409, message: "domain.alreadyInStock" },
  /** No variant has this SKU (the owner's stock tool). */
  UNKNOWN_SKU: { status: 404, message: "domain.productUnavailable" },
  /** A quantity that is not a whole number in range. */
  INVALID_QUANTITY: { status: 400, message: "domain.invalidQuantity" },
  /** More of a size than the shop has (editing a bag line). */
  NOT_ENOUGH_STOCK: { status: 409, message: "domain.notEnoughStock" },
  /** The wishlist holds MAX_WISHLIST_ITEMS pieces already. */
  WISHLIST_FULL: { status: 422, message: "catalog:wishlist.full" },
  /** A price-drop e-mail's stop link that is forged, cut, or whose account is gone. */
  WISHLIST_LINK_INVALID: { status: 410, message: "wishlist:alerts.linkInvalid" },
  /** Price-drop e-mails are for account holders (they go to the account's address). */
  WISHLIST_ALERTS_NEED_ACCOUNT: { status: 403, message: "wishlist:alerts.guest" },
  /** A bag line that is not in this shopper's bag (removed in another tab, or someone else's). */
  LINE_NOT_IN_BAG: { status: 404, message: "domain.lineNotInBag" },
  /** A discount code that does not exist or does not apply to this bag now (spec §5). */
  INVALID_COUPON: { status: 422, message: "domain.invalidCoupon" },
  /** An address that names nothing: an id that is no id (idParam) or names no row, a kind or key unknown. */
  NOT_FOUND: { status: 404, message: "errors.notFoundText", page: true },
  /** A form body that could not be read at all (wrong type, cut off). */
  MALFORMED_FORM: { status: 400, message: "domain.malformedForm" },
  /** Registration or a profile change with an address another account holds. */
  EMAIL_TAKEN: { status: 409, message: "account:errors.emailTaken" },
  /** A login that failed: one answer whether the address, the password or both are wrong. */
  INVALID_CREDENTIALS: { status: 401, message: "account:errors.invalidCredentials" },
  /** A new password on the list of the most common ones. */
  COMMON_PASSWORD: { status: 422, message: "account:validation.passwordCommon" },
  /** The current password, asked to confirm a change, is wrong. */
  WRONG_PASSWORD: { status: 403, message: "account:errors.wrongPassword" },
  /** The address typed to confirm deleting an account without a password is not the account's. */
  WRONG_CONFIRMATION: { status: 403, message: "account:errors.wrongEmail" },
  /** A password-reset link that is unknown, used or more than an hour old. */
  RESET_TOKEN_INVALID: { status: 410, message: "account:errors.resetInvalid" },
  /** An address-confirmation link unknown, used, expired, or mailed to an address the account no longer has. */
  EMAIL_CONFIRMATION_INVALID: { status: 410, message: "account:errors.confirmInvalid" },
  /** An address that is not in this account's book (deleted in another tab, or someone else's). */
  ADDRESS_NOT_FOUND: { status: 404, message: "account:errors.addressNotFound" },
  /** The address book is full (MAX_ADDRESSES). */
  TOO_MANY_ADDRESSES: { status: 422, message: "account:errors.tooManyAddresses" },
  /** A social login provider the shop does not offer (not configured, or a forged form). */
  UNKNOWN_PROVIDER: { status: 404, message: "account:errors.socialUnknown" },
  /** The provider could not be reached, or its answer failed a check (state, nonce, PKCE, signature). */
  SOCIAL_LOGIN_FAILED: { status: 502, message: "account:errors.socialFailed" },
  /** The shopper cancelled at the provider, or the callback's sign-in is unknown, used or expired. */
  SOCIAL_LOGIN_EXPIRED: { status: 400, message: "account:errors.socialExpired" },
  /** The provider gave no email, or one it has not verified: no account is linked by it. */
  SOCIAL_EMAIL_UNVERIFIED: { status: 403, message: "account:errors.socialUnverified" },
  /** Checkout: the bag's total changed since the review page showed it (spec §8). */
  TOTAL_MISMATCH: { status: 409, message: "checkout:errors.totalMismatch" },
  /** Checkout with an empty bag, or a bag line that must be fixed first (spec §8: no products available). */
  EMPTY_BAG: { status: 409, message: "checkout:errors.emptyBag" },
  /** No shipping method serves the chosen address (spec §8). */
  NO_SHIPPING_METHODS: { status: 422, message: "checkout:errors.noShippingMethods" },
  /** Atelier: a customer (a guest's address with no order) that does not exist. */
  CUSTOMER_NOT_FOUND: { status: 404, message: "atelier-customers:record.notFound", page: true },
  /** Atelier: merging a guest into an account that does not exist or has not proven the address. */
  MERGE_NOT_POSSIBLE: { status: 409, message: "atelier-customers:record.mergeNotPossible" },
  /** Atelier: deleting a store that open pick-up orders name. */
  STORE_HAS_PICKUPS: { status: 409, message: "atelier-content:stores.hasPickups" },
  /** Pick-up: the store chosen no longer has every piece it promised (another order took the last). */
  PICKUP_STORE_SOLD_OUT: { status: 409, message: "checkout:errors.pickupSoldOut" },
  /** Pick-up: a store that takes no pick-up orders (another country's, deleted, a forged id). */
  PICKUP_STORE_UNKNOWN: { status: 422, message: "checkout:validation.pickupStore" },
  /** Atelier: the ready or collected step on an order that is not collected in a store, or shipping one that is. */
  NOT_A_PICKUP_ORDER: { status: 409, message: "atelier-orders:errors.pickupOnly" },
  /** The shop has enabled no payment method, or a method it does not offer was posted (spec §8). */
  NO_PAYMENT_METHODS: { status: 422, message: "checkout:errors.noPaymentMethods" },
  /** A checkout step posted before the steps it needs were completed. */
  CHECKOUT_INCOMPLETE: { status: 409, message: "checkout:errors.incomplete" },
  /** An order that does not exist or is not the shopper's: the same 404 either way. */
  ORDER_NOT_FOUND: { status: 404, message: "checkout:errors.orderNotFound", page: true },
  /** Paying again for an order that is paid, cancelled or past its hold. */
  ORDER_NOT_PAYABLE: { status: 409, message: "checkout:errors.notPayable" },
  /** The payment provider could not be reached or refused to start a payment. */
  PAYMENT_UNAVAILABLE: { status: 502, message: "checkout:errors.paymentUnavailable" },
  /** An order event its state does not allow (order-state.ts): shipping a cancelled order, paying twice. */
  ILLEGAL_TRANSITION: { status: 409, message: "orders:errors.illegalTransition" },
  /** A return asked after the 14 working days from delivery (spec §9), or of an order not yet shipped. */
  RETURN_WINDOW_CLOSED: { status: 409, message: "orders:errors.returnWindowClosed" },
  /** A return with no line, or more of a line than is left to return. */
  NOTHING_TO_RETURN: { status: 422, message: "orders:errors.nothingToReturn" },
  /** Atelier, receiving a return: a line's units not 0 to the units asked, or a line not in this return (at the line's field). */
  RECEIPT_QUANTITY: { status: 400, message: "atelier-orders:validation.received" },
  /** Atelier, receiving a return: every line's count is 0 (nothing to mark received). */
  NOTHING_RECEIVED: { status: 400, message: "atelier-orders:validation.nothingReceived" },
  /** The owner's tool: no return waiting for this step, or nothing left to refund. */
  NOTHING_TO_DO: { status: 409, message: "orders:errors.illegalTransition" },
  /** The withdrawal form's order number and email match no order: one answer whichever is wrong. */
  WITHDRAWAL_NO_MATCH: { status: 422, message: "orders:errors.withdrawalNoMatch" },
  /** A withdrawal from an order already cancelled, refunded or wholly returned. */
  ALREADY_WITHDRAWN: { status: 409, message: "orders:errors.alreadyWithdrawn" },
  /** A newsletter confirmation link unknown, used or expired, or an unsubscribe link that names no subscription. */
  NEWSLETTER_LINK_INVALID: { status: 410, message: "newsletter.linkInvalid" },
  /** Atelier: a newsletter subscription that does not exist (a forged or stale id). */
  SUBSCRIBER_NOT_FOUND: { status: 404, message: "atelier-inbox:errors.subscriberNotFound" },
  /** Atelier: a job application that does not exist, or was purged. */
  APPLICATION_NOT_FOUND: { status: 404, message: "atelier-inbox:errors.applicationNotFound" },
  /** Atelier sign-in: the address, the password or both are wrong, or the account is disabled (one answer). */
  STAFF_INVALID_CREDENTIALS: { status: 401, message: "atelier:errors.invalidCredentials" },
  /** Atelier's second factor: a code that is wrong, expired, or already used in its step. */
  STAFF_CODE_INVALID: { status: 401, message: "atelier:errors.codeInvalid" },
  /** Enrolling the second factor of an account that enrolled meanwhile (another sign-in): sign in again. */
  STAFF_ALREADY_ENROLLED: { status: 409, message: "atelier:errors.alreadyEnrolled" },
  /** A set-up or invitation link that is unknown, used or expired. */
  STAFF_INVITE_INVALID: { status: 410, message: "atelier:errors.inviteInvalid" },
  /** An invitation or a set-up for an address that already has a staff account. */
  STAFF_EMAIL_TAKEN: { status: 409, message: "atelier:errors.emailTaken" },
  /** A staff account, session or invitation that does not exist (a forged id). */
  STAFF_NOT_FOUND: { status: 404, message: "atelier:errors.staffNotFound", page: true },
  /** Disabling or demoting the last active owner: the shop would have nobody to manage it. */
  LAST_OWNER: { status: 409, message: "atelier:errors.lastOwner" },
  /** Atelier: a page, download or action outside the member's capabilities (docs/decisions/037). */
  STAFF_FORBIDDEN: { status: 403, message: "atelier:errors.forbidden" },
  /** Atelier: a discount code bigger than a member without "marketing" may make. */
  DISCOUNT_OVER_LIMIT: { status: 403, message: "atelier:errors.discountOverLimit" },
  /** An owner disabling or demoting their own account from Atelier. */
  STAFF_SELF: { status: 409, message: "atelier:errors.self" },
  /** Atelier: an electronic invoice for an order whose shopper asked for none. */
  INVOICE_NOT_REQUESTED: { status: 409, message: "atelier-invoices:errors.notRequested" },
  /** Atelier: an electronic invoice for an order not paid (or refunded): docs/decisions/022. */
  INVOICE_NOT_PAID: { status: 409, message: "atelier-invoices:errors.notPaid" },
  /** Atelier: the invoice's file fails the FatturaPA schema (the seller's or the buyer's data): nothing is stored. */
  INVOICE_INVALID: { status: 422, message: "atelier-invoices:errors.invalid" },
  /** Atelier: no invoice has been issued for this order. */
  INVOICE_NOT_FOUND: { status: 404, message: "atelier-invoices:errors.notFound" },
  /** Atelier: an invoice while the seller's fiscal identity is missing or still the demo shop's (settings.seller). */
  SELLER_IDENTITY_MISSING: { status: 409, message: "atelier-invoices:errors.sellerMissing" },
  /** A staff member's refund above the owner's limit (settings.staffRefundLimitCents); owners have none. */
  REFUND_OVER_LIMIT: { status: 403, message: "atelier-orders:errors.refundOverLimit" },
  /** Atelier: a refund's amount that is not more than nothing (at the amount's field). */
  REFUND_AMOUNT: { status: 400, message: "atelier-orders:validation.refundAmount" },
  /** Atelier: a refund above what the order's payment took less what went back or is on its way (at the amount's field). */
  REFUND_OVER_CAPTURED: { status: 422, message: "atelier-orders:errors.refundOverCaptured" },
  /** Atelier: all of a paid order's money back before it ships: that is a cancellation (at the amount's field). */
  REFUND_WHOLE_BEFORE_SHIPPING: { status: 422, message: "atelier-orders:errors.refundWholeBeforeShipping" },
  /** Atelier: a refund that is not this order's (a forged or stale id). */
  REFUND_NOT_FOUND: { status: 404, message: "atelier-orders:errors.refundNotFound", page: true },
  /** Atelier: recording a transfer for a refund that is a provider's, or already done. */
  REFUND_NOT_TRANSFER: { status: 409, message: "atelier-orders:errors.refundNotTransfer" },
  /** Atelier: a transfer's day that is not a real day, in the future, or before the refund (at the field). */
  TRANSFER_DATE: { status: 400, message: "atelier-orders:validation.transferDate" },
  /** Atelier: a transfer's reference that is not a CRO (11 digits) or a TRN (up to 35 letters and digits) (at the field). */
  TRANSFER_REFERENCE: { status: 400, message: "atelier-orders:validation.transferReference" },
  /** Atelier's catalogue: a product that does not exist (a forged or stale id). */
  PRODUCT_NOT_FOUND: { status: 404, message: "atelier-catalog:errors.productNotFound" },
  /** Atelier's catalogue: a slug another product holds in that language (at the slug's field). */
  PRODUCT_SLUG_TAKEN: { status: 409, message: "atelier-catalog:errors.slugTaken" },
  /** Atelier's catalogue: a name that makes no slug (symbols only) and no slug typed. */
  PRODUCT_SLUG_INVALID: { status: 400, message: "atelier-catalog:validation.slug" },
  /** Atelier's catalogue: publishing a product that has no variant to sell. */
  PRODUCT_WITHOUT_VARIANTS: { status: 409, message: "atelier-catalog:errors.withoutVariants" },
  /** Atelier's catalogue: a category that does not exist (a forged choice). */
  PRODUCT_CATEGORY_UNKNOWN: { status: 400, message: "atelier-catalog:validation.category" },
  /** Atelier's catalogue: a manufacturer that does not exist (a forged choice). */
  MANUFACTURER_NOT_FOUND: { status: 400, message: "atelier-catalog:validation.manufacturer" },
  /** Atelier: a banner message that does not exist (a forged or stale id). */
  BANNER_MESSAGE_NOT_FOUND: { status: 404, message: "atelier-shop:errors.messageNotFound", page: true },
  /** Atelier: a closure notice that does not exist (a forged or stale id). */
  CLOSURE_NOT_FOUND: { status: 404, message: "atelier-shop:errors.closureNotFound", page: true },
  /** Atelier: a free-shipping promotion that does not exist (a forged or stale id). */
  PROMOTION_NOT_FOUND: { status: 404, message: "atelier-shop:errors.promotionNotFound", page: true },
  /** Atelier, variants and prices: a product, or a variant of it, that does not exist (a forged or stale id). */
  VARIANT_NOT_FOUND: { status: 404, message: "atelier-variants:errors.notFound", page: true },
  /** Atelier, variants and prices: a price that is not a positive amount up to 1 000 000 €. */
  PRICE_INVALID: { status: 400, message: "atelier-variants:errors.priceInvalid" },
  /** Atelier, variants and prices: a crossed-out price not above the price. */
  COMPARE_AT_NOT_ABOVE: { status: 400, message: "atelier-variants:errors.compareAtNotAbove" },
  /** Atelier, variants and prices: a sale price not below the price. */
  SALE_PRICE_NOT_BELOW: { status: 400, message: "atelier-variants:errors.saleNotBelow" },
  /** Atelier, variants and prices: a sale without a start, or ending before it starts or already over. */
  SALE_DATES_INVALID: { status: 400, message: "atelier-variants:errors.saleDates" },
  /** Atelier, variants and prices: a variant would have no price (neither its own nor the product's). */
  PRICE_MISSING: { status: 409, message: "atelier-variants:errors.priceMissing" },
  /** Atelier, variants and prices: a SKU not of capitals, digits and . _ - (80 at most). */
  SKU_INVALID: { status: 400, message: "atelier-variants:errors.skuInvalid" },
  /** Atelier, variants and prices: a SKU another variant (of any product) has. */
  SKU_TAKEN: { status: 409, message: "atelier-variants:errors.skuTaken" },
  /** Atelier, variants and prices: a size that is empty, too long or of other characters (or the first variant missing). */
  SIZE_INVALID: { status: 400, message: "atelier-variants:errors.sizeInvalid" },
  /** Atelier, variants and prices: a size every colour of the product already has. */
  SIZE_EXISTS: { status: 409, message: "atelier-variants:errors.sizeExists" },
  /** Atelier, variants and prices: a colour the product already has. */
  COLOR_EXISTS: { status: 409, message: "atelier-variants:errors.colorExists" },
  /** Atelier, variants and prices: a colour code the shop does not have (a forged form). */
  COLOR_UNKNOWN: { status: 400, message: "atelier-variants:errors.colorUnknown" },
  /** Atelier, variants and prices: a new colour without a name, or with a hex that is not #RRGGBB. */
  COLOR_INVALID: { status: 400, message: "atelier-variants:errors.colorInvalid" },
  /** Atelier, colours: a name another colour has (in either language). */
  COLOR_NAME_TAKEN: { status: 409, message: "atelier-catalog:colours.nameTaken" },
  /** Atelier, manufacturers: a name another maker has. */
  MANUFACTURER_NAME_TAKEN: { status: 409, message: "atelier-catalog:manufacturers.nameTaken" },
  /** Atelier, variants and prices: a colour and size the product already has. */
  VARIANT_EXISTS: { status: 409, message: "atelier-variants:errors.variantExists" },
  /** Atelier, variants and prices: removing a variant an order names (its stock can go to 0 instead). */
  VARIANT_ORDERED: { status: 409, message: "atelier-variants:errors.variantOrdered" },
  /** Atelier, variants and prices: the stock moved (an order) since the page showed it. */
  STOCK_CHANGED: { status: 409, message: "atelier-variants:errors.stockChanged" },
  /** Atelier's catalogue import: a file over 50 MB, an empty one, a binary one (not a CSV). */
  /** Atelier: a store stock CSV past its 4 MB. */
  STORE_STOCK_FILE_TOO_BIG: { status: 413, message: "atelier-variants:csv.errors.tooBig" },
  IMPORT_FILE_TOO_BIG: { status: 413, message: "atelier-import:errors.tooBig" },
  IMPORT_FILE_EMPTY: { status: 400, message: "atelier-import:errors.empty" },
  IMPORT_FILE_NOT_CSV: { status: 400, message: "atelier-import:errors.notCsv" },
  /** An import's uploaded file that is unknown, expired or another staff member's. */
  IMPORT_UPLOAD_NOT_FOUND: { status: 404, message: "atelier-import:errors.uploadNotFound", page: true },
  /** The real run of an upload already run (a second click, another tab). */
  IMPORT_ALREADY_RUN: { status: 409, message: "atelier-import:errors.alreadyRun" },
  /** Atelier: a journal post, care-guide entry, story or page that does not exist (a forged or stale key). */
  CONTENT_NOT_FOUND: { status: 404, message: "atelier-content:errors.notFound", page: true },
  /** Atelier: another entry of the same kind has this slug in this language (at the slug's field). */
  CONTENT_SLUG_TAKEN: { status: 409, message: "atelier-content:validation.slugTaken" },
  /** Atelier: a picture that is not one of the entry's (a forged or stale id), or a cover for a static page. */
  CONTENT_IMAGE_NOT_FOUND: { status: 404, message: "atelier-content:errors.notFound", page: true },
  /** Atelier: removing a picture the entry's body still shows (remove its snippet first). */
  CONTENT_IMAGE_IN_USE: { status: 409, message: "atelier-content:images.inUse" },
  /** Atelier: a size guide that is not there (deleted meanwhile, or a forged id). */
  SIZE_GUIDE_NOT_FOUND: { status: 404, message: "atelier-catalog:sizeGuides.errors.notFound", page: true },
  /** Atelier: a size guide named for a category that is not there. */
  SIZE_GUIDE_CATEGORY_UNKNOWN: { status: 422, message: "atelier-catalog:sizeGuides.errors.category" },
  /** Atelier: a store that does not exist (a forged id, or deleted meanwhile). */
  STORE_NOT_FOUND: { status: 404, message: "atelier-content:errors.storeNotFound" },
  /** Atelier: a store's region that the store locator does not have (at the region's field). */
  STORE_REGION_UNKNOWN: { status: 422, message: "atelier-content:validation.region" },
  /** Atelier: a store's country that is no ISO 3166-1 country (at the country's field). */
  STORE_COUNTRY_UNKNOWN: { status: 422, message: "validation.country" },
  /** Atelier: a category that does not exist (a forged or stale id). */
  CATEGORY_NOT_FOUND: { status: 404, message: "atelier-merch:categories.errors.notFound", page: true },
  /** Atelier: a category slug a sibling already has in that language (their paths would be one). */
  CATEGORY_SLUG_TAKEN: { status: 409, message: "atelier-merch:categories.errors.slugTaken" },
  /** Atelier: a category moved under itself or one of its descendants. */
  CATEGORY_PARENT_INVALID: { status: 422, message: "atelier-merch:categories.errors.parentInvalid" },
  /** Atelier: a move or a new category deeper than the tree may go. */
  CATEGORY_TOO_DEEP: { status: 422, message: "atelier-merch:categories.errors.tooDeep" },
  /** Atelier: deleting a category that still has products or subcategories. */
  CATEGORY_NOT_EMPTY: { status: 409, message: "atelier-merch:categories.errors.notEmpty" },
  /** Atelier: deleting a category a discount code is bound to (the code would then apply to everything). */
  CATEGORY_IN_USE: { status: 409, message: "atelier-merch:categories.errors.inUse" },
  /** Atelier: changing or removing the tile photograph of a category that has none (a stale form). */
  CATEGORY_TILE_MISSING: { status: 404, message: "atelier-merch:categories.errors.notFound", page: true },
  /** Atelier: a discount code that does not exist (a forged or stale id). */
  DISCOUNT_CODE_NOT_FOUND: { status: 404, message: "atelier-merch:codes.errors.notFound" },
  /** Atelier: a code that is not 3–32 capitals, digits, - or _. */
  DISCOUNT_CODE_INVALID: { status: 422, message: "atelier-merch:codes.errors.code" },
  /** Atelier: a code another discount code already has. */
  DISCOUNT_CODE_TAKEN: { status: 409, message: "atelier-merch:codes.errors.taken" },
  /** Atelier: renaming a code orders have used (they name it). */
  DISCOUNT_CODE_RENAME_USED: { status: 409, message: "atelier-merch:codes.errors.renameUsed" },
  /** Atelier: a SKU or slug in a code's products that names no product. */
  DISCOUNT_CODE_UNKNOWN_PRODUCTS: { status: 422, message: "atelier-merch:codes.errors.unknownProducts" },
  /** Atelier: a code's rule broken (discount-code-rules.ts; the form shows the precise one). */
  DISCOUNT_CODE_RULE: { status: 422, message: "atelier-merch:codes.errors.rule" },
  /** Atelier: ending a code that has already ended. */
  DISCOUNT_CODE_ENDED: { status: 409, message: "atelier-merch:codes.errors.ended" },
  /** Atelier, an image upload: larger than 20 MB (image-pipeline.server.ts). */
  IMAGE_TOO_LARGE: { status: 400, message: "atelier-photos:errors.tooLarge" },
  /** The media store has no room left (ENOSPC, EDQUOT): nothing was stored; the staff member is told at the file's field. */
  MEDIA_STORAGE_FULL: { status: 507, message: "atelier-photos:errors.storageFull" },
  /** An image upload that is not a JPEG, PNG, WebP or AVIF by its bytes (whatever its name says). */
  IMAGE_TYPE: { status: 400, message: "atelier-photos:errors.type" },
  /** An image upload that cannot be read to its end (truncated or corrupt). */
  IMAGE_DAMAGED: { status: 400, message: "atelier-photos:errors.damaged" },
  /** An image upload with a side under 320 or over 16 384 pixels, or longer than five times its width. */
  IMAGE_DIMENSIONS: { status: 400, message: "atelier-photos:errors.dimensions" },
  /** An image upload declaring more than 64 megapixels: a decompression bomb, or a picture too big to handle. */
  IMAGE_TOO_MANY_PIXELS: { status: 400, message: "atelier-photos:errors.pixels" },
  /** Atelier: a product, or a photograph of it, that does not exist (a forged or stale id). */
  PHOTO_NOT_FOUND: { status: 404, message: "atelier-photos:errors.notFound", page: true },
  /** Atelier: a photograph tagged with a colour the product does not come in. */
  PHOTO_COLOR: { status: 400, message: "atelier-photos:errors.color" },
  /** Atelier: a price change by a percentage that takes a price under a cent or over the largest price. */
  PRICE_PERCENT_OUT_OF_RANGE: { status: 400, message: "atelier-catalog:bulk.pricePercentRange" },
  /** Atelier: a return opened by staff for an order not paid, or not shipped yet. */
  STAFF_RETURN_NOT_POSSIBLE: { status: 409, message: "atelier-orders:errors.returnNotPossible" },
  /** Atelier: a saved view with the name of another of the same list. */
  VIEW_NAME_TAKEN: { status: 409, message: "atelier:views.nameTaken" },
  /** Atelier: a list that has VIEWS_PER_AREA saved views already. */
  VIEWS_FULL: { status: 409, message: "atelier:views.full" },
} as const satisfies Record<string, { status: number; message: string; page?: true }>;

export type DomainErrorCode = keyof typeof DOMAIN_ERRORS;

export class DomainError<Code extends DomainErrorCode = DomainErrorCode> extends Error {
  readonly code: Code;
  /** Seconds until a rate-limited client may try again. */
  readonly retryAfter?: number;
  /** The form field the error belongs next to (an address already taken: the email field). */
  readonly field?: string;

  /** `detail` is for logs and scripts (English, may name internals); shoppers see the table's message. */
  constructor(code: Code, detail: string = code, options: { retryAfter?: number; field?: string } = {}) {
    super(detail);
    this.name = "DomainError";
    this.code = code;
    this.retryAfter = options.retryAfter;
    this.field = options.field;
  }

  get status(): number {
    return DOMAIN_ERRORS[this.code].status;
  }

  get messageKey(): string {
    return DOMAIN_ERRORS[this.code].message;
  }

  /** What the page or the form is about is missing: the error page, not a form's message (unless at a field). */
  get isPageError(): boolean {
    return "page" in DOMAIN_ERRORS[this.code] && !this.field;
  }

  /** Headers the answer needs (Retry-After for rate limits). */
  get headers(): Record<string, string> {
    return this.retryAfter ? { "Retry-After": String(this.retryAfter) } : {};
  }
}

/** The one test for a domain error (lint refuses `instanceof DomainError` elsewhere). */
export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
