import type { StaffRole } from "~/db/schema";

// What a staff member may do in Atelier (issue 37, docs/decisions/037): one capability per kind
// of work, with each role a preset the owner can adjust per member. Safe on client and server:
// the navigation hides what a member cannot use; the server's guard and services decide.

export const CAPABILITIES = [
  /** Orders: the list, an order's page, shipping, packing slips, invoices, returns, small goodwill codes. */
  "orders",
  /** Refunds and cancellations of paid orders, up to the member's cap. */
  "refunds",
  /** Customers' personal data: accounts, the newsletter list, job applications and CVs. */
  "customers",
  /** Bulk downloads: orders, newsletter and invoices CSV, a customer's file. */
  "exports",
  /** Products, variants, photographs, categories, back-in-stock demand (counts). */
  "catalogue",
  /** The catalogue import (it can remove products' photographs). */
  "imports",
  /** Pages, blog, inside-the-shop content, stores. */
  "content",
  /** Discount codes of any size, the banner, promotions. */
  "marketing",
  /** Staff, their permissions, sessions and the activity log. */
  "staff",
  /** The shop's settings. */
  "settings",
] as const;

export type Capability = (typeof CAPABILITIES)[number];

export const STAFF_ROLES = ["owner", "manager", "staff", "warehouse"] as const satisfies readonly StaffRole[];

/** Capabilities only an owner holds (never granted to another role: no way up from inside). */
export const OWNER_ONLY: readonly Capability[] = ["staff", "settings"];
/** Those an owner can grant or withdraw per member. */
export const ADJUSTABLE = CAPABILITIES.filter((c) => !OWNER_ONLY.includes(c));

/** Each role's preset. An owner always has every capability (the last owner is never locked out). */
export const ROLE_PRESETS: Record<StaffRole, readonly Capability[]> = {
  owner: CAPABILITIES,
  manager: ["orders", "refunds", "customers", "exports", "catalogue", "imports", "content", "marketing"],
  staff: ["orders", "refunds", "catalogue", "content"],
  warehouse: ["orders", "catalogue"],
};

export function isCapability(value: unknown): value is Capability {
  return typeof value === "string" && (CAPABILITIES as readonly string[]).includes(value);
}

/** A member's capabilities: an owner's are all; else those stored (JSON), or the role's preset. */
export function capabilitiesOf(role: StaffRole, stored: string | null): Capability[] {
  if (role === "owner") return [...CAPABILITIES];
  if (stored) {
    try {
      const parsed: unknown = JSON.parse(stored);
      if (Array.isArray(parsed)) return ADJUSTABLE.filter((c) => parsed.includes(c));
    } catch {
      // A damaged value counts as nothing granted, never as everything.
      return [];
    }
  }
  return [...(ROLE_PRESETS[role] ?? [])];
}

/** What a route needs: capabilities (all of them), "signed-in" (any member), or "public" (the sign-in pages). */
export type RouteAccess = Capability | readonly Capability[] | "signed-in" | "public";

export function allows(capabilities: readonly Capability[], access: RouteAccess): boolean {
  if (access === "public" || access === "signed-in") return true;
  const needed = typeof access === "string" ? [access] : access;
  return needed.every((c) => capabilities.includes(c));
}
