import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

// Decision 039: every HTML form an action reads goes through the form kit (app/utils/form.server.ts):
// readFormData for the body, then parseForm or parseIntentForm with the form's one zod schema.
// This test reads the route files, so a form read by hand beside the kit fails `npm test`.

const ROUTES = join(process.cwd(), "app/routes");

/** Route files that read a body without a schema, and why. Nothing else may. */
const RAW_BODY_READERS: Record<string, string> = {
  // Keeps the text fields of whatever form was posted after the staff session ended, to offer them
  // again after the sign-in: no schema can know every Atelier form's fields.
  "atelier/staff-context.server.ts": "expired-post draft",
  // /api/auth takes JSON or a form for the same call and answers JSON `{ message }` (decision 013):
  // one reader for both bodies; the providers' own code checks the fields.
  "api.auth.ts": "JSON or form API",
};

/**
 * Fields still read by name beside the kit's schema (issue 38 left them: each picks a schema by
 * its intent, or reads the page to go back to). No new ones: a new form puts its fields in its
 * schema (an `intent` in a discriminated union, `redirectTo` as an optional string).
 */
const NAMED_READS_LEFT: Record<string, number> = {
  "cart.tsx": 3,
  "login-register.tsx": 1,
  "atelier/content-editor.tsx": 1,
  "atelier/products.tsx": 1,
  "atelier/discount-code.tsx": 1,
  "atelier/product.tsx": 1,
  "atelier/order.tsx": 1,
  "account-addresses.tsx": 1,
  "product.tsx": 1,
  "account.tsx": 1,
  "newsletter.tsx": 2,
  "checkout-personal.tsx": 1,
};

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" ? [] : routeFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The source without comments (a comment may name request.formData() to say why it is not used). */
const code = (path: string) =>
  readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");

const files = routeFiles(ROUTES).map((path) => ({ name: relative(ROUTES, path).replaceAll("\\", "/"), source: code(path) }));

describe("the one form kit (decision 039)", () => {
  it("finds the route files", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it("no route reads a request's body with request.formData() but the listed ones", () => {
    const offenders = files.filter((file) => /\.formData\(\)/.test(file.source) && !(file.name in RAW_BODY_READERS));
    expect(offenders.map((file) => file.name)).toEqual([]);
  });

  it("every route that reads a form validates it with a schema through the kit", () => {
    const offenders = files.filter((file) => /\breadFormData\(/.test(file.source) && !/\bparse(Intent)?Form\(/.test(file.source) && !(file.name in RAW_BODY_READERS));
    expect(offenders.map((file) => file.name)).toEqual([]);
  });

  it("no route reads a form's field by name beside its schema, but the ones left", () => {
    const reads = Object.fromEntries(
      files
        // A FormData held in a variable; `navigation.formData?.get(…)` (a pending form's intent) is no read of a post.
        .map((file) => [file.name, (file.source.match(/(?<![.\w])(formData|form)\??\.get(All)?\(/g) ?? []).length] as const)
        .filter(([, count]) => count > 0),
    );
    // Fewer than listed is welcome: lower the number here.
    for (const [name, count] of Object.entries(reads)) expect(count, `${name} reads form fields by hand`).toBeLessThanOrEqual(NAMED_READS_LEFT[name] ?? 0);
  });

  it("the listed exceptions exist (a stale list hides nothing)", () => {
    for (const name of [...Object.keys(RAW_BODY_READERS), ...Object.keys(NAMED_READS_LEFT)]) expect(files.some((file) => file.name === name), name).toBe(true);
  });
});
