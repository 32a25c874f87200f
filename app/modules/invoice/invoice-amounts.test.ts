import { describe, expect, it } from "vitest";
import { vatIncluded } from "~/utils/money";
import { latinText } from "./fatturapa-xml";
import { type InvoiceLineInput, splitVat, unitPrice8 } from "./invoice-amounts";

describe("the invoice's VAT split", () => {
  it("shares the total's taxable amount among the lines: nets and VAT add up to the total to the cent, each net within a cent of exact", () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 500; round++) {
      const lines: InvoiceLineInput[] = Array.from({ length: 1 + random(8) }, () => ({ description: "x", quantity: 1 + random(4), grossCents: 100 + random(40_000), kind: "goods" as const }));
      const goods = lines.reduce((sum, line) => sum + line.grossCents, 0);
      if (random(2)) lines.push({ description: "Sconto", quantity: 1, grossCents: -random(goods), kind: "discount" });
      if (random(2)) lines.push({ description: "Spedizione", quantity: 1, grossCents: 700, kind: "shipping" });
      const total = lines.reduce((sum, line) => sum + line.grossCents, 0);
      const split = splitVat(lines, 22);
      expect(split.totalCents).toBe(total);
      expect(split.vatCents).toBe(vatIncluded(total, 22));
      expect(split.taxableCents + split.vatCents).toBe(total);
      expect(split.lines.reduce((sum, line) => sum + line.netCents, 0)).toBe(split.taxableCents);
      expect(split.lines.reduce((sum, line) => sum + line.vatCents, 0)).toBe(split.vatCents);
      for (const line of split.lines) {
        expect(Math.abs(line.netCents - (line.grossCents * 100) / 122)).toBeLessThan(1);
        expect(line.netCents + line.vatCents).toBe(line.grossCents);
      }
      // The SDI's check of the summary: Imposta is ImponibileImporto × 22 % within a cent.
      expect(Math.abs(split.vatCents - split.taxableCents * 0.22)).toBeLessThanOrEqual(1);
    }
  });

  it("gives the leftover cents to the lines with the largest fractions", () => {
    // Three lines of 1 € each: 81.967… cents net, so two round down and one takes the leftover cent.
    const split = splitVat([100, 100, 100].map((grossCents) => ({ description: "x", quantity: 1, grossCents, kind: "goods" as const })), 22);
    expect(split).toMatchObject({ taxableCents: 246, vatCents: 54 });
    expect(split.lines.map((line) => line.netCents)).toEqual([82, 82, 82]);
    const uneven = splitVat([100, 199, 100].map((grossCents) => ({ description: "x", quantity: 1, grossCents, kind: "goods" as const })), 22);
    // 81.97, 163.11, 81.97: floors 81 + 163 + 81 = 325, taxable 327: the two ,97 lines get a cent each.
    expect(uneven.lines.map((line) => line.netCents)).toEqual([82, 163, 82]);
  });

  it("writes the schema's decimals", () => {
    expect([unitPrice8(1000, 3), unitPrice8(2000, 3), unitPrice8(14738, 2), unitPrice8(-1474, 1), unitPrice8(0, 1)]).toEqual(["3.33333333", "6.66666667", "73.69", "-14.74", "0.00"]);
  });

  it("keeps text within the schema's Latin alphabet", () => {
    expect(latinText("Łódź — “Città” €", 80)).toBe('Lódz - "Città" EUR');
    expect(latinText("Città", 60, true)).toBe("Citta");
    expect(latinText("a\u0000b\n  c 😀", 80)).toBe("a b c ?");
    expect(latinText("x".repeat(100), 60)).toHaveLength(60);
  });
});
