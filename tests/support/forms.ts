// Valid submissions of the shop's forms as a browser without JavaScript posts them, for the
// HTTP tests: one copy of each, overridden field by field where a test needs another value.
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";

/** The password every test account is registered with (long enough for the strength rule). */
export const TEST_PASSWORD = "una frase lunga e sicura";

/** The registration page's form for an address, every field valid. */
export function registrationForm(email: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    firstName: "Giulia",
    lastName: "Verdi",
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    birthDay: "12",
    birthMonth: "06",
    birthYear: "1991",
    interests: "woman",
    privacy: "on",
    ...overrides,
  };
}

/** The checkout's shipping step with a new Italian address, the standard courier and no invoice. */
export function shippingStepForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    addressChoice: "new",
    "shipping.firstName": "Giulia",
    "shipping.lastName": "Rossi",
    "shipping.street": "Via Roma",
    "shipping.streetNumber": "1",
    "shipping.city": "Milano",
    "shipping.province": "MI",
    "shipping.zip": "20121",
    "shipping.country": "IT",
    "shipping.phonePrefix": "+39",
    "shipping.phone": "3331234567",
    billingSame: "on",
    shippingMethod: "ups_standard",
    invoiceType: "none",
    ...overrides,
  };
}

/** Atelier's Settings form with the demo shop's values (every payment method on, no social profiles). */
export function shopSettingsForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    shippingFee: "7",
    freeShippingFrom: "250",
    returnFee: "10",
    returnDays: "14",
    payCard: "on",
    payApplePay: "on",
    payGooglePay: "on",
    payPaypalInstalments: "on",
    payBankTransfer: "on",
    paypalInstalments: "3",
    bankBeneficiary: "Bottega S.r.l.",
    bankIban: "IT60X0542811101000000123456",
    bankBic: "BPMOIT22XXX",
    bankHoldDays: "7",
    supportOpen: "8:30",
    supportClose: "17:30",
    instagram: "",
    facebook: "",
    tiktok: "",
    pinterest: "",
    youtube: "",
    staffRefundLimit: "200",
    lowStockThreshold: "3",
    applicationRetentionMonths: "12",
    ...overrides,
  };
}

/**
 * The product editor's form as the page shows it for a stored, published product (every field
 * from the database), to post back with a few fields changed.
 */
export async function productEditorForm(db: Kysely<Database>, productId: number): Promise<Record<string, string>> {
  const stored = await db.selectFrom("products").select(["category_id", "manufacturer_id", "garment"]).where("id", "=", productId).executeTakeFirstOrThrow();
  const texts = await db.selectFrom("product_translations").selectAll().where("product_id", "=", productId).execute();
  const form: Record<string, string> = {
    intent: "save",
    categoryId: String(stored.category_id),
    manufacturerId: stored.manufacturer_id === null ? "" : String(stored.manufacturer_id),
    garment: stored.garment,
    status: "published",
    publishedAt: "",
  };
  for (const t of texts) {
    Object.assign(form, {
      [`name_${t.locale}`]: t.name,
      [`slug_${t.locale}`]: t.slug,
      [`description_${t.locale}`]: t.description,
      [`composition_${t.locale}`]: t.composition,
      [`care_${t.locale}`]: t.care,
      [`metaTitle_${t.locale}`]: t.meta_title,
      [`metaDescription_${t.locale}`]: t.meta_description,
    });
  }
  return form;
}
