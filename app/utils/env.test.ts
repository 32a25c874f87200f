import { describe, expect, it } from "vitest";
import { getEnv } from "./env.server";

describe("the environment", () => {
  it("takes the shop's public address from PUBLIC_URL, else this machine at PORT", () => {
    expect(getEnv({ NODE_ENV: "test" }).PUBLIC_URL).toBe("http://localhost:3000");
    expect(getEnv({ NODE_ENV: "test", PORT: "4000" }).PUBLIC_URL).toBe("http://localhost:4000");
    const behindProxy = getEnv({ NODE_ENV: "test", PORT: "4000", PUBLIC_URL: "https://shop.example" });
    expect([behindProxy.PUBLIC_URL, behindProxy.IT_SHOP_HOST, behindProxy.EU_SHOP_HOST]).toEqual(["https://shop.example", "https://shop.example", "https://shop.example"]);
  });
});
