import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";

describe("zod, as the app imports it", () => {
  it("is jitless, so it never probes new Function (which our CSP blocks)", async () => {
    vi.resetModules();
    const { z } = await import("./zod");
    expect(z.config().jitless).toBe(true);
    const probe = vi.spyOn(globalThis, "Function");
    try {
      const schema = z.object({ email: z.email(), privacy: z.literal("on") });
      expect(schema.safeParse({ email: "a@example.com", privacy: "on" }).success).toBe(true);
      expect(schema.safeParse({ email: "nope", privacy: "on" }).success).toBe(false);
      expect(probe).not.toHaveBeenCalled();
    } finally {
      probe.mockRestore();
    }
  });

  it("is imported from ~/utils/zod everywhere, never from zod directly", () => {
    const root = path.resolve(__dirname, "..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && file !== path.join(root, "utils", "zod.ts")) {
          if (/from\s+["']zod(\/[^"']*)?["']/.test(fs.readFileSync(file, "utf8"))) offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
