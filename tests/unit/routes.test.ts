// The route table's URL surface (app/routes.ts, docs/decisions/003 and 026): every page answers
// at its Italian path and under /en with one route id, the words of one language never answer in
// the other, the API routes and the control route are Italian-shaped only, anything else is a 404.
// Matched with React Router's own matchRoutes, which expands optional segments as the server does.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { type RouteObject, matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "~/routes";

const config = await Promise.resolve(routes);

/** A route's id as the build gives it: its own, or its file without the extension. */
const idOf = (entry: RouteConfigEntry) => entry.id ?? entry.file.replace(/\.tsx?$/, "");

function toRouteObjects(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index ? { id: idOf(entry), index: true } : { id: idOf(entry), path: entry.path, children: entry.children ? toRouteObjects(entry.children) : undefined },
  );
}

// The root route (app/root.tsx) is pathless around everything, as in the built app.
const table: RouteObject[] = [{ id: "root", path: "", children: toRouteObjects(config) }];

/** The route ids a path matches, root first; [] when nothing matches. */
const idsOf = (pathname: string) => matchRoutes(table, pathname)?.map((match) => match.route.id) ?? [];
const leafOf = (pathname: string) => idsOf(pathname).at(-1);

/** Every leaf of a subtree with its path relative to the subtree ("orders/:id", "" for an index). */
function leaves(entries: RouteConfigEntry[], parent = ""): Array<{ id: string; path: string }> {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    return entry.children ? leaves(entry.children, own) : [{ id: idOf(entry), path: own }];
  });
}

/** A concrete URL path for a route path: parameters filled in, a splat given two segments (one would be a story page's name). */
const concrete = (routePath: string) => `/${routePath.replace(/:[a-zA-Z]+/g, "1").replace(/\*$/, "x/y")}`.replace(/\/$/, "") || "/";

describe("route table", () => {
  const shop = config.find((entry) => entry.id === "shop")!;
  const atelier = config.find((entry) => entry.id === "atelier")!;

  it("declares the shop and Atelier under an optional en segment", () => {
    expect(shop.path).toBe("en?");
    expect(atelier.path).toBe("en?/atelier");
  });

  it("answers every relative page in Italian and under /en with the same route id and layouts", () => {
    const pages = [
      // A page with its own words in each language is declared once per language, by its absolute path (below).
      ...leaves(shop.children!.filter((entry) => !entry.path?.startsWith("/"))).filter((leaf) => !leaf.path.startsWith("/")),
      ...leaves(atelier.children!).map((leaf) => ({ ...leaf, path: ["atelier", leaf.path].filter(Boolean).join("/") })),
    ];
    expect(pages.length).toBeGreaterThan(80);
    for (const { id, path } of pages) {
      const italian = concrete(path);
      const english = italian === "/" ? "/en" : `/en${italian}`;
      expect([italian, leafOf(italian)]).toEqual([italian, id]);
      expect([english, idsOf(english)]).toEqual([english, idsOf(italian)]);
    }
  });

  it.each([
    ["/", ["root", "shop", "home.index"]],
    ["/en", ["root", "shop", "home.index"]],
    ["/en/products/cardigan", ["root", "shop", "product.products-"]],
    ["/en/account/orders/7", ["root", "shop", "account", "account-order.account-orders-id"]],
    ["/en/login", ["root", "shop", "auth", "login.login"]],
    ["/en/atelier/orders/7", ["root", "atelier", "atelier/order.orders-id"]],
    ["/atelier", ["root", "atelier", "atelier/dashboard.index"]],
    ["/atelier/what/ever", ["root", "atelier", "atelier/not-found.-"]],
  ])("%s → %j", (pathname, ids) => {
    expect(idsOf(pathname)).toEqual(ids);
  });

  it.each([
    // A language's own words: the care guide and the withdrawal page.
    ["/curadelcapo", "content-list.curadelcapo"],
    ["/curadelcapo/lana", "content-entry.curadelcapo-slug"],
    ["/en/careguide", "content-list.careguide"],
    ["/en/careguide/wool", "content-entry.careguide-slug"],
    ["/pages/recesso", "withdrawal.pages-recesso"],
    ["/en/pages/withdrawal", "withdrawal.pages-withdrawal"],
    // …not in the other language: the one-segment story page and the static page 404 on them
    // (as on any one-segment path that is not a story: "/en/_control", "/it").
    ["/en/curadelcapo", "inside.-insideName"],
    ["/careguide", "inside.-insideName"],
    ["/en/pages/recesso", "static-page.pages-"],
    ["/pages/withdrawal", "static-page.pages-"],
    // The wishlist and its price-drop e-mails' stop link, in the auth layout.
    ["/preferiti", "wishlist.preferiti"],
    ["/en/wishlist", "wishlist.wishlist"],
    ["/preferiti/avvisi", "wishlist-alerts.preferiti-avvisi"],
    ["/en/wishlist/alerts", "wishlist-alerts.wishlist-alerts"],
    ["/en/preferiti", "inside.-insideName"],
    // Italian-shaped only: the API, the control route and the files.
    ["/api/cart", "api-cart"],
    ["/api/auth/login", "routes/api.auth"],
    ["/en/api/cart", "routes/not-found"],
    ["/en/api/auth/login", "routes/not-found"],
    ["/_control", "routes/control"],
    ["/en/_control", "inside.-insideName"],
    ["/sitemap.xml", "sitemap-root"],
    ["/en/sitemap.xml", "inside.-insideName"],
    // No /it prefix.
    ["/it/cart", "routes/not-found"],
    ["/it", "inside.-insideName"],
  ])("%s → %s", (pathname, id) => {
    expect(leafOf(pathname)).toBe(id);
  });
});
