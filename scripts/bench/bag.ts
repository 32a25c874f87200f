// A shopper with a bag, for the pages that show one: a session whose bag holds `lines` lines,
// filled through the shop's own JSON calls, and the cookie that carries it.
import Database from "better-sqlite3";

/** Variants with at least five in stock, read from the server's SQLite file (nothing written). */
export function inStockSkus(databaseFile: string, count: number, order: "asc" | "desc" = "asc"): string[] {
  const db = new Database(databaseFile, { readonly: true });
  try {
    return (db.prepare(`select sku from variants where stock >= 5 order by id ${order} limit ?`).all(count) as { sku: string }[]).map((row) => row.sku);
  } finally {
    db.close();
  }
}

/** The add-to-bag form as the product page posts it, for a variant in stock. */
export function addToBagForm(databaseFile: string): { body: string; headers: Record<string, string> } {
  const [sku] = inStockSkus(databaseFile, 1, "desc");
  if (!sku) throw new Error("the catalogue has no variant in stock");
  return {
    body: new URLSearchParams({ intent: "add", sku, quantity: "1" }).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  };
}

export async function sessionWithBag(baseUrl: string, databaseFile: string, lines: number): Promise<string> {
  const skus = inStockSkus(databaseFile, lines);
  if (skus.length < lines) throw new Error(`the catalogue has only ${skus.length} variants in stock, ${lines} wanted`);
  let cookie = "";
  for (const sku of skus) {
    const response = await fetch(`${baseUrl}/api/cart/add`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl, ...(cookie ? { Cookie: cookie } : {}) },
      body: JSON.stringify({ sku, quantity: 1 }),
    });
    if (!response.ok) throw new Error(`POST /api/cart/add answers ${response.status}`);
    const session = response.headers.getSetCookie().find((line) => line.startsWith("__session="));
    if (session) cookie = session.split(";")[0];
  }
  if (!cookie) throw new Error("the bag's session cookie never came");
  return cookie;
}
