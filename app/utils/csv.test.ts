import { expect, it } from "vitest";
import { csvCell, csvLine, csvResponse } from "./csv.server";

it("quotes what needs quoting and defuses formulas", () => {
  expect(csvLine(["BTG-1", 1250, null, 'Rossi, "Mario"', "a\nb"])).toBe('BTG-1,1250,,"Rossi, ""Mario""","a\nb"\r\n');
  expect(csvCell("=HYPERLINK(\"x\")")).toBe("\"'=HYPERLINK(\"\"x\"\")\"");
  expect(csvCell("+39 02 1234")).toBe("'+39 02 1234");
  expect(csvCell("@sum")).toBe("'@sum");
  expect(csvCell(-5)).toBe("-5");
  // A decimal written as text stays a number; anything more after the minus is defused.
  expect(csvCell("-12.50")).toBe("-12.50");
  expect(csvCell("-1+1")).toBe("'-1+1");
  expect(csvCell("-2-3")).toBe("'-2-3");
  expect(csvCell("Rossi S.r.l.;=HYPERLINK(1)")).toBe('"Rossi S.r.l.;=HYPERLINK(1)"');
});

it("streams the header and every row as an attachment", async () => {
  async function* rows() {
    yield ["1", "è"];
    yield ["2", "ü"];
  }
  const response = csvResponse("ordini 2026/11.csv", ["id", "nome"], rows());
  expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="ordini-2026-11.csv"');
  expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
  const bytes = new Uint8Array(await response.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder().decode(bytes)).toBe("id,nome\r\n1,è\r\n2,ü\r\n");
});
