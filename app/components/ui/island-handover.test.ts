import { fileURLToPath } from "node:url";
import { type Browser, type Page, chromium } from "@playwright/test";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_LAUNCH } from "../../../tests/e2e/e2e-env";

// The hand-over from a lazy island's server HTML to its live component (decisions 034, 047),
// tested in a real browser: focus, carets, scrolling and form submission are what it carries, and
// no DOM stand-in in Node has them all. The module is bundled as it ships and run in Chromium
// (the end-to-end tests' binary) on two pieces of HTML: `#server`, what the shopper used, and
// `#live`, the live component's markup that takes its place.

type HandoverModule = typeof import("./island-handover");
declare global {
  interface Window {
    IslandHandover: HandoverModule;
    /** What the live HTML's buttons, links and forms received. */
    received: string[];
  }
}

let browser: Browser;
let page: Page;
let bundle: string;

beforeAll(async () => {
  const [built, launched] = await Promise.all([
    build({ entryPoints: [fileURLToPath(new URL("./island-handover.ts", import.meta.url))], bundle: true, format: "iife", globalName: "IslandHandover", write: false }),
    chromium.launch(CHROMIUM_LAUNCH),
  ]);
  bundle = built.outputFiles[0].text;
  browser = launched;
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
});

/** Puts the two pieces of HTML on a blank page, with the module, and records what the live HTML receives. */
async function setUp(server: string, live: string) {
  await page.setContent(`<!doctype html><body><div id="server">${server}</div><div id="live">${live}</div></body>`);
  await page.addScriptTag({ content: bundle });
  await page.evaluate(() => {
    window.received = [];
    const live = document.getElementById("live")!;
    live.addEventListener("click", (event) => {
      const target = (event.target as Element).closest("a, button");
      if (!target) return;
      event.preventDefault();
      window.received.push(`click ${target.getAttribute("href") ?? target.textContent}`);
    });
    live.addEventListener("submit", (event) => {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter as HTMLButtonElement | null;
      window.received.push(`submit ${form.getAttribute("action")} ${submitter?.value ?? ""} ${new URLSearchParams(new FormData(form, submitter) as unknown as string).toString()}`);
    });
    live.addEventListener("input", (event) => window.received.push(`input ${(event.target as HTMLInputElement).name}`));
  });
}

/** Reads `#server` (with the held press, if any: a click or a submit on the selector), applies it to `#live`, replays the press. */
function handOver(held?: { kind: "click" | "submit"; target: string; submitter?: string }) {
  return page.evaluate((held) => {
    const { readHandover, applyHandover, replayHeld } = window.IslandHandover;
    const server = document.getElementById("server")!;
    const live = document.getElementById("live")!;
    const press = held ? { kind: held.kind, target: server.querySelector(held.target)!, submitter: held.submitter ? server.querySelector(held.submitter) : null } : null;
    const state = readHandover(server, press);
    // The live component takes the server HTML's place (lazy-island.tsx removes it after the hand-over).
    applyHandover(live, state);
    server.remove();
    if (state.replay) replayHeld(live, state.replay);
    return { replay: state.replay !== null, controls: state.controls.length };
  }, held ?? null);
}

const valueOf = (selector: string) => page.locator(selector).inputValue();

describe("island hand-over", () => {
  it("carries the fields' values by name, skipping hidden fields and buttons", async () => {
    const form = (extra = "") => `
      <form action="/cart">
        <input type="hidden" name="sku" value="S-1">
        <input name="quantity" type="number" value="1">
        <textarea name="note"></textarea>
        <select name="size"><option>S</option><option>M</option></select>
        <input type="checkbox" name="gift" value="yes">
        <input type="radio" name="wrap" value="paper"><input type="radio" name="wrap" value="box">
        ${extra}<button name="intent" value="add">Aggiungi</button>
      </form>`;
    await setUp(form(), form('<input type="hidden" name="js" value="1">'));
    await page.fill("#server [name=quantity]", "3");
    await page.fill("#server [name=note]", "per Anna");
    await page.selectOption("#server [name=size]", "M");
    await page.check("#server [name=gift]");
    await page.check("#server [name=wrap][value=box]");
    await page.evaluate(() => ((document.querySelector("#server [name=sku]") as HTMLInputElement).value = "changed"));
    const { controls } = await handOver();
    expect(controls).toBe(6); // quantity, note, size, gift, and the two radios: not the hidden sku, not the button
    expect(await valueOf("#live [name=quantity]")).toBe("3");
    expect(await valueOf("#live [name=note]")).toBe("per Anna");
    expect(await valueOf("#live [name=size]")).toBe("M");
    expect(await valueOf("#live [name=sku]")).toBe("S-1");
    expect(await page.isChecked("#live [name=gift]")).toBe(true);
    expect(await page.isChecked("#live [name=wrap][value=box]")).toBe(true);
    expect(await page.isChecked("#live [name=wrap][value=paper]")).toBe(false);
  });

  it("sets a value as typing does, so that a controlled field's state follows (an input event), and only where it differs", async () => {
    await setUp('<input name="quantity" value="1"><input name="email" value="">', '<input name="quantity" value="1"><input name="email" value="">');
    await page.fill("#server [name=quantity]", "4");
    await handOver();
    expect(await page.evaluate(() => window.received)).toEqual(["input quantity"]);
  });

  it("gives the focus back to the same field with its caret, and the scrolled rows their offset", async () => {
    const html = `
      <input name="search" value="cardigan">
      <ul class="row" style="display:flex; overflow-x:auto; width:200px; margin:0; padding:0">
        ${Array.from({ length: 8 }, (_, i) => `<li style="flex:0 0 150px; list-style:none">${i}</li>`).join("")}
      </ul>`;
    await setUp(html, html);
    await page.evaluate(() => {
      document.querySelector("#server .row")!.scrollLeft = 300;
      const input = document.querySelector<HTMLInputElement>("#server [name=search]")!;
      input.focus();
      input.setSelectionRange(2, 5);
    });
    await handOver();
    const after = await page.evaluate(() => {
      const active = document.activeElement as HTMLInputElement;
      return { inLive: document.getElementById("live")!.contains(active), name: active.name, start: active.selectionStart, end: active.selectionEnd, scrolled: document.querySelector("#live .row")!.scrollLeft };
    });
    expect(after).toEqual({ inLive: true, name: "search", start: 2, end: 5, scrolled: 300 });
  });

  it("plays a held click on the same element of the live HTML, among its likes by position", async () => {
    const html = '<button>Aggiungi</button><button>Aggiungi</button><a href="/cart">Carrello</a>';
    await setUp(html, `<input type="hidden" name="only-live">${html}`);
    await page.evaluate(() => document.querySelectorAll("#live button")[1].setAttribute("data-second", ""));
    const { replay } = await handOver({ kind: "click", target: "#server button:nth-of-type(2)" });
    expect(replay).toBe(true);
    expect(await page.evaluate(() => window.received)).toEqual(["click Aggiungi"]);
    expect(await page.evaluate(() => document.querySelector("#live [data-second]") !== null)).toBe(true);
  });

  it("plays a held submission with its submitter and the values handed over", async () => {
    const form = '<form action="/cart"><input name="quantity" value="1"><button name="intent" value="wish">Preferiti</button><button name="intent" value="add">Aggiungi</button></form>';
    await setUp(form, form);
    await page.fill("#server [name=quantity]", "3");
    await handOver({ kind: "submit", target: "#server form", submitter: "#server button[value=add]" });
    expect(await page.evaluate(() => window.received)).toEqual(["input quantity", "submit /cart add quantity=3&intent=add"]);
  });

  it("after a navigation, plays a press on the link that differs only by its address (the language switch of the page shown)", async () => {
    await setUp('<a href="/en/categories/women" hreflang="en">English</a>', '<a href="/en/products/cardigan" hreflang="en">English</a>');
    await handOver({ kind: "click", target: "#server a" });
    expect(await page.evaluate(() => window.received)).toEqual(["click /en/products/cardigan"]);
  });

  it("plays nothing when the live HTML has no such element, and does not throw", async () => {
    await setUp("<button>Aggiungi</button>", "<p>Esaurito</p>");
    const { replay } = await handOver({ kind: "click", target: "#server button" });
    expect(replay).toBe(true);
    expect(await page.evaluate(() => window.received)).toEqual([]);
  });

  it("keeps no press from outside the island", async () => {
    await setUp("<button>Aggiungi</button>", "<button>Aggiungi</button>");
    const { replay } = await page.evaluate(() => {
      const outside = document.createElement("button");
      document.body.append(outside);
      const state = window.IslandHandover.readHandover(document.getElementById("server")!, { kind: "click", target: outside, submitter: null });
      return { replay: state.replay !== null };
    });
    expect(replay).toBe(false);
  });
});
