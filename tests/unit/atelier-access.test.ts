import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { ATELIER_ROUTE_ACCESS, accessOf, atelierRouteKey, mayOpen } from "~/modules/staff/atelier-access";
import { ROLE_PRESETS, capabilitiesOf } from "~/modules/staff/capabilities";

interface RouteEntry {
  path?: string;
  id?: string;
  children?: RouteEntry[];
}

describe("Atelier's route declarations", () => {
  const atelier = (routes as RouteEntry[]).find((r) => r.id === "atelier");
  const paths = (atelier?.children ?? []).map((c) => c.path ?? "");

  it("declares what every Atelier route needs, and nothing that is not a route", () => {
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => accessOf(p) === undefined)).toEqual([]);
    expect(Object.keys(ATELIER_ROUTE_ACCESS).filter((key) => !paths.includes(key))).toEqual([]);
  });

  it("reads the route's key from React Router's pattern in both languages", () => {
    expect(atelierRouteKey("/atelier")).toBe("");
    expect(atelierRouteKey("/en/atelier/orders/:id")).toBe("orders/:id");
    expect(atelierRouteKey("/en?/atelier/orders/export")).toBe("orders/export");
    expect(atelierRouteKey("/atelier/*")).toBe("*");
    expect(accessOf("not/declared")).toBeUndefined();
  });

  it("keeps a shop assistant and the warehouse away from personal data, exports, imports and staff", () => {
    for (const role of ["staff", "warehouse"] as const) {
      const caps = capabilitiesOf(role, null);
      for (const key of ["orders/export", "newsletter/export", "newsletter", "applications/:id/cv", "customers/:id", "customers/:id/export", "catalog/import", "invoices.csv", "staff", "settings", "audit"]) {
        expect(mayOpen(caps, key), `${role} ${key}`).toBe(false);
      }
      expect(mayOpen(caps, "orders/:id")).toBe(true);
    }
    const manager = capabilitiesOf("manager", null);
    expect(mayOpen(manager, "orders/export")).toBe(true);
    expect(mayOpen(manager, "staff")).toBe(false);
    expect(capabilitiesOf("owner", '["orders"]')).toEqual(capabilitiesOf("owner", null));
  });

  it("never grants the owner's own capabilities to another role, whatever is stored", () => {
    expect(capabilitiesOf("manager", '["staff","settings","orders","bogus"]')).toEqual(["orders"]);
    expect(capabilitiesOf("staff", "not json")).toEqual([]);
    expect(capabilitiesOf("staff", null)).toEqual([...ROLE_PRESETS.staff]);
  });
});
