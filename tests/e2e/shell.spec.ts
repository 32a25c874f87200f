import { arrived, expect, test, visit } from "./fixtures";

// The page shell (menu, banner, settings) comes from the root loader, cached on the server and
// loaded once per language in the browser; the shopper's own state (bag badge, notices) comes
// from the shop layout and is fetched again on every navigation (spec §4).
test.describe("shell and shopper state (1440×900)", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("a navigation between two listings loads the shopper state but not the shell again", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "client-side navigation needs JavaScript");
    const dataRequests: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith(".data")) dataRequests.push(url);
    });
    await visit(page, "/categories/donna");
    const nav = page.getByRole("navigation", { name: "Categorie", exact: true });
    await nav.getByRole("link", { name: "Uomo", exact: true }).click();
    await arrived(page, "/categories/uomo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Uomo");

    const navigation = dataRequests.find((url) => url.pathname === "/categories/uomo.data");
    expect(navigation, "the listing's data request").toBeDefined();
    const routes = navigation!.searchParams.get("_routes")?.split(",") ?? [];
    expect(routes).toContain("shop");
    expect(routes).not.toContain("root");
    // The shell is still there, from the first page.
    for (const name of ["Donna", "Uomo", "Accessori"]) await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
  });
});
