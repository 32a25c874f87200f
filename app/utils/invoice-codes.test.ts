import { describe, expect, it } from "vitest";
import { isValidCodiceFiscale, isValidPartitaIva, isValidSdiCode, normalizeCode } from "./invoice-codes";

// Independent reference for the check letter, written from the official tables in a different
// shape (a lookup object) so that a typo in the module's table cannot hide in both.
const ODD: Record<string, number> = {
  "0": 1, "1": 0, "2": 5, "3": 7, "4": 9, "5": 13, "6": 15, "7": 17, "8": 19, "9": 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};
const EVEN = (char: string): number => (/[0-9]/.test(char) ? Number(char) : char.charCodeAt(0) - 65);
function referenceCheckChar(first15: string): string {
  const sum = [...first15].reduce((total, char, i) => total + (i % 2 === 0 ? ODD[char] : EVEN(char)), 0);
  return String.fromCharCode(65 + (sum % 26));
}
/** A codice fiscale with a wrong check letter (the next one, wrapping Z → A). */
function withWrongCheck(code: string): string {
  const wrong = String.fromCharCode(((code.charCodeAt(15) - 65 + 1) % 26) + 65);
  return code.slice(0, 15) + wrong;
}

describe("normalizeCode", () => {
  it("uppercases and strips all whitespace", () => {
    expect(normalizeCode(" rss mra 85t10\ta562s\u00a0")).toBe("RSSMRA85T10A562S");
    expect(normalizeCode("")).toBe("");
  });
});

describe("isValidCodiceFiscale", () => {
  // The well-known Mario Rossi example; a woman (day 41 = 1st); 29 February.
  const VALID = ["RSSMRA85T10A562S", "BNCLRA90A41H501F", "VRDGPP80B29F205T"];
  // Omocodia: digits replaced from the right (0→L … 9→V), check letter recomputed.
  const OMOCODIA = ["RSSMRA85T10A56NH", "RSSMRA85T10ARSNO", "RSSMRA85T1LARSNR", "RSSMRAURTMLARSNL", "BNCLRA90A41H5LMI"];

  it("the examples' check letters agree with the independent reference", () => {
    for (const code of [...VALID, ...OMOCODIA]) expect(referenceCheckChar(code.slice(0, 15)), code).toBe(code[15]);
  });

  it("accepts valid codes", () => {
    for (const code of VALID) expect(isValidCodiceFiscale(code), code).toBe(true);
  });

  it("accepts omocodia variants, including letters in the day", () => {
    for (const code of OMOCODIA) expect(isValidCodiceFiscale(code), code).toBe(true);
  });

  it("accepts lowercase input with spaces", () => {
    expect(isValidCodiceFiscale("rssmra 85t10 a562s")).toBe(true);
    expect(isValidCodiceFiscale("  bnclra90a41h5lmi ")).toBe(true);
  });

  it("rejects a wrong check letter", () => {
    for (const code of [...VALID, ...OMOCODIA]) expect(isValidCodiceFiscale(withWrongCheck(code)), code).toBe(false);
  });

  it("rejects wrong lengths", () => {
    expect(isValidCodiceFiscale("")).toBe(false);
    expect(isValidCodiceFiscale("RSSMRA85T10A562")).toBe(false);
    expect(isValidCodiceFiscale("RSSMRA85T10A562SS")).toBe(false);
  });

  it("rejects a bad month letter even with a matching check letter", () => {
    const code = "RSSMRA85Z10A562";
    expect(isValidCodiceFiscale(code + referenceCheckChar(code))).toBe(false);
  });

  it("rejects impossible days even with a matching check letter", () => {
    // 32, 00, 40 (woman, day 0), 72 (woman, day 32), 30 February, 31 April, "LL" = 00 via omocodia.
    for (const first15 of ["RSSMRA85T32A562", "RSSMRA85T00A562", "RSSMRA85T40A562", "RSSMRA85T72A562", "RSSMRA85B30A562", "RSSMRA85D31A562", "RSSMRA85TLLA562"]) {
      expect(isValidCodiceFiscale(first15 + referenceCheckChar(first15)), first15).toBe(false);
    }
    // The edges that do exist: 31 December, 71 = a woman born on the 31st.
    expect(isValidCodiceFiscale("RSSMRA85T31A562" + referenceCheckChar("RSSMRA85T31A562"))).toBe(true);
    expect(isValidCodiceFiscale("BNCLRA90A71H501I")).toBe(true);
  });

  it("rejects letters outside the omocodia set in numeric positions and digits in letter positions", () => {
    for (const first15 of ["RSSMRA8AT10A562", "RSSMRA85T10A56Z", "RSSMR185T10A562", "RSSMRA85T1019562"]) {
      expect(isValidCodiceFiscale(first15 + referenceCheckChar(first15)), first15).toBe(false);
    }
    expect(isValidCodiceFiscale("RSSMRA85T10A5627")).toBe(false);
    expect(isValidCodiceFiscale("RSSMRA85T10A562-")).toBe(false);
  });
});

describe("isValidPartitaIva", () => {
  it("accepts valid numbers", () => {
    // 00743110157 is a real, published partita IVA; the others satisfy the same check.
    for (const piva of ["00743110157", "01234567897", "12345678903"]) expect(isValidPartitaIva(piva), piva).toBe(true);
  });

  it("accepts an optional IT prefix and spaces, in any case", () => {
    expect(isValidPartitaIva("IT00743110157")).toBe(true);
    expect(isValidPartitaIva("it 007 431 101 57")).toBe(true);
  });

  it("rejects a wrong check digit", () => {
    expect(isValidPartitaIva("00743110158")).toBe(false);
    expect(isValidPartitaIva("01234567890")).toBe(false);
    expect(isValidPartitaIva("IT12345678904")).toBe(false);
  });

  it("rejects all zeros, although the check digit matches", () => {
    expect(isValidPartitaIva("00000000000")).toBe(false);
    expect(isValidPartitaIva("IT00000000000")).toBe(false);
  });

  it("rejects letters, wrong lengths and other prefixes", () => {
    expect(isValidPartitaIva("0074311015A")).toBe(false);
    expect(isValidPartitaIva("0074311015")).toBe(false);
    expect(isValidPartitaIva("007431101570")).toBe(false);
    expect(isValidPartitaIva("IT")).toBe(false);
    expect(isValidPartitaIva("")).toBe(false);
    expect(isValidPartitaIva("DE00743110157")).toBe(false);
    expect(isValidPartitaIva("00743-110157")).toBe(false);
  });
});

describe("isValidSdiCode", () => {
  it("accepts seven alphanumeric characters, including the all-zeros code", () => {
    for (const code of ["0000000", "M5UXCR1", "USAL8PV", "KRRH6B9", "1234567", "ABCDEFG"]) expect(isValidSdiCode(code), code).toBe(true);
  });

  it("accepts lowercase and spaces after normalizing", () => {
    expect(isValidSdiCode(" m5uxcr1 ")).toBe(true);
    expect(isValidSdiCode("usa l8pv")).toBe(true);
  });

  it("rejects wrong lengths and other characters", () => {
    for (const code of ["", "000000", "00000000", "M5UXCR-", "M5UXCR_", "M5UXCRÈ", "UFXXXX"]) expect(isValidSdiCode(code), code).toBe(false);
  });
});
