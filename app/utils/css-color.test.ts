import { describe, expect, it } from "vitest";
import { cssColor } from "./css-color.server";

describe("cssColor", () => {
  it("keeps a hex, rgb()/hsl() or named colour, trimmed", () => {
    expect(cssColor("#1B1B1B", "#000")).toBe("#1B1B1B");
    expect(cssColor(" #fff ", "#000")).toBe("#fff");
    expect(cssColor("rgb(0, 0, 0)", "#000")).toBe("rgb(0, 0, 0)");
    expect(cssColor("hsla(20 30% 40% / 0.5)", "#000")).toBe("hsla(20 30% 40% / 0.5)");
    expect(cssColor("rebeccapurple", "#000")).toBe("rebeccapurple");
  });

  it("gives the fallback for anything that could leave the rule", () => {
    expect(cssColor("red}body{display:none", "#000")).toBe("#000");
    expect(cssColor("red;background:url(x)", "#000")).toBe("#000");
    expect(cssColor("</style><script>", "#000")).toBe("#000");
    expect(cssColor("", "#000")).toBe("#000");
  });
});
