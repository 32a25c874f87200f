// Codes of an Italian electronic invoice request (fattura elettronica): codice fiscale,
// partita IVA and codice destinatario SDI. Pure, no dependencies, safe on client and server.
// In utils, below the domains (decision 038): the checkout's invoice request, the account's
// fiscal code and the seller's identity in settings all check with it.

/** Uppercases and strips spaces. */
export function normalizeCode(value: string): string {
  // Any whitespace, not just " ": pasted codes often carry tabs or non-breaking spaces.
  return value.replace(/\s+/g, "").toUpperCase();
}

// Omocodia: when two people would get the same code, digits are replaced from the right by
// these letters (0→L, 1→M, … 9→V).
const OMOCODIA_LETTERS = "LMNPQRSTUV";
const DIGIT_OR_OMOCODIA = `[0-9${OMOCODIA_LETTERS}]`;

// Month letters A=Jan … T=Dec, in order.
const MONTH_LETTERS = "ABCDEHLMPRST";

// Surname(3) name(3) year(2) month(1) day(2) town: letter + 3 digits, check letter.
const CODICE_FISCALE = new RegExp(
  `^[A-Z]{6}${DIGIT_OR_OMOCODIA}{2}[${MONTH_LETTERS}]${DIGIT_OR_OMOCODIA}{2}[A-Z]${DIGIT_OR_OMOCODIA}{3}[A-Z]$`,
);

// Official value of a character in an odd (1st, 3rd, …) position; digits share the value of
// the letter with the same index (0 = A, 1 = B, …).
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

// Longest day per month; February allows 29 because the century, hence leap years, is unknown.
const MONTH_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Index 0–25 of a digit or an uppercase letter: "0"/"A" → 0, "9"/"J" → 9, "Z" → 25. */
function charIndex(char: string): number {
  const code = char.charCodeAt(0);
  return code <= 57 ? code - 48 : code - 65;
}

/** The check letter of the first 15 characters of a (pattern-valid) codice fiscale. */
function codiceFiscaleCheckChar(first15: string): string {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const index = charIndex(first15[i]);
    // i is 0-based, so even i is an odd position in the official numbering.
    sum += i % 2 === 0 ? ODD_VALUES[index] : index;
  }
  return String.fromCharCode(65 + (sum % 26));
}

/** Two day characters back to a number, undoing omocodia. */
function decodeDay(chars: string): number {
  const digits = [...chars].map((char) => (/[0-9]/.test(char) ? char : String(OMOCODIA_LETTERS.indexOf(char))));
  return Number(digits.join(""));
}

/** Codice fiscale of a person: 16 chars, the official pattern (6 letters, 2 digits/omocodia letters, month letter ABCDEHLMPRST, 2 day chars (day 1–31 or 41–71 for women, with omocodia substitution letters LMNPQRSTUV for digits in the numeric positions 7,8,10,11,13,14,15), 1 letter, 3 digit/omocodia chars, check letter) AND the check character computed with the official odd/even tables. Also reject impossible days after de-omocodia. */
export function isValidCodiceFiscale(value: string): boolean {
  const code = normalizeCode(value);
  if (!CODICE_FISCALE.test(code)) return false;

  // Women have 40 added to the day of birth.
  const rawDay = decodeDay(code.slice(9, 11));
  const day = rawDay > 40 ? rawDay - 40 : rawDay;
  const maxDay = MONTH_DAYS[MONTH_LETTERS.indexOf(code[8])];
  if (rawDay === 40 || day < 1 || day > maxDay) return false;

  return codiceFiscaleCheckChar(code.slice(0, 15)) === code[15];
}

/** Partita IVA: 11 digits, Luhn-style check digit of the Agenzia delle Entrate; reject all zeros; accept an optional "IT" prefix. */
export function isValidPartitaIva(value: string): boolean {
  const normalized = normalizeCode(value);
  // The "IT" prefix is how the number appears as an EU VAT number (VIES).
  const digits = normalized.startsWith("IT") ? normalized.slice(2) : normalized;
  if (!/^[0-9]{11}$/.test(digits) || /^0+$/.test(digits)) return false;

  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = digits.charCodeAt(i) - 48;
    if (i % 2 === 0) {
      sum += digit;
    } else {
      // Digits in even (1-based) positions are doubled, subtracting 9 when over 9.
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  const check = (10 - (sum % 10)) % 10;
  return check === digits.charCodeAt(10) - 48;
}

/** Codice destinatario SDI: 7 alphanumeric characters (uppercase after normalize); "0000000" is valid (means: use PEC / consumer). */
export function isValidSdiCode(value: string): boolean {
  return /^[A-Z0-9]{7}$/.test(normalizeCode(value));
}
