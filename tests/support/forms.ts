// Valid submissions of the shop's forms as a browser without JavaScript posts them, for the
// HTTP tests: one copy of each, overridden field by field where a test needs another value.

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
