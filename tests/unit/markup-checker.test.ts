import { describe, expect, it } from "vitest";
import { markupErrors, parseMarkup } from "../support/markup";

// The checker tests/http/markup.test.ts runs on the main pages: each rule catches the faults the
// Nu Html Checker, htmlcs and axe found (issue 37, items 16 and 17), and passes their fixes.

const page = (body: string) => `<!DOCTYPE html><html lang="it"><head><title>x</title></head><body>${body}</body></html>`;
const errorsOf = (body: string) => markupErrors(page(body));

describe("markupErrors", () => {
  it("a form inside phrasing content (Atelier's banner put its forms in a span)", () => {
    expect(errorsOf('<span class="x"><form method="post" action="/a"><button>Ok</button></form></span>')).toEqual([
      '<form action="/a"> inside <span>: a form may not be a descendant of phrasing content',
    ]);
    expect(errorsOf('<p><b><form method="post"><button>Ok</button></form></b></p>')[0]).toMatch(/inside <b>/);
    expect(errorsOf('<div><li><form method="post"><button>Ok</button></form></li></div>')).toEqual([]);
  });

  it("aria-label on an element whose role forbids a name (ins, del, span or div without a role)", () => {
    expect(errorsOf('<ins aria-label="Dopo">a</ins><del aria-label="Prima">b</del><span aria-label="x">c</span>')).toHaveLength(3);
    expect(errorsOf('<div aria-labelledby="h">c</div>')).toEqual(['<div>: aria-labelledby on an element whose role (<div>) forbids a name']);
    expect(errorsOf('<span role="img" aria-label="Rosso"></span><nav aria-label="Pagine"></nav><div role="group" aria-label="x"></div>')).toEqual([]);
    expect(errorsOf('<div role="presentation" aria-label="x"></div>')).toHaveLength(1);
  });

  it("a required select whose first option is a choice", () => {
    expect(errorsOf('<select name="category" required=""><option value="1">Donna</option></select>')).toEqual([
      '<select name="category"> is required but its first option ("1") is a choice, not an empty placeholder',
    ]);
    expect(errorsOf('<select name="c" required=""><option value="">Scegli</option><option value="1">Donna</option></select>')).toEqual([]);
    expect(errorsOf('<select name="c"><option value="1">Donna</option></select>')).toEqual([]);
    expect(errorsOf('<select name="c" required="" multiple=""><option value="1">Donna</option></select>')).toEqual([]);
  });

  it("maxlength or minlength on an input type without them", () => {
    expect(errorsOf('<input type="datetime-local" name="startsAt" maxLength="16"/>')).toEqual(['<input name="startsAt">: maxlength on an input of type datetime-local']);
    expect(errorsOf('<input type="number" name="n" minLength="1"/>')).toHaveLength(1);
    expect(errorsOf('<input name="q" maxLength="80"/><input type="email" name="e" maxLength="254"/><textarea maxLength="9"></textarea>')).toEqual([]);
  });

  it("aria-required beside required", () => {
    expect(errorsOf('<input name="city" required="" aria-required="true"/>')).toEqual(['<input name="city">: aria-required beside required']);
    expect(errorsOf('<input name="city" required=""/><div role="radiogroup" aria-required="true"></div>')).toEqual([]);
  });

  it("a form without a submit button (a hidden form submitted by a button elsewhere counts)", () => {
    expect(errorsOf('<form id="f" method="post" hidden=""><input type="hidden" name="a"/></form>')).toEqual(['<form id="f"> has no submit button']);
    expect(errorsOf('<form id="f" method="post"><button type="button">x</button></form>')).toHaveLength(1);
    expect(errorsOf('<form id="f" method="post" hidden=""></form><button form="f" name="intent" value="x">Via</button>')).toEqual([]);
    expect(errorsOf('<form method="post"><input type="submit" value="Ok"/></form><form method="dialog"></form>')).toEqual([]);
  });

  it("label in name: a link's or a button's aria-label contains the text it shows", () => {
    // The header drawer's country link as it was: "Italia · €" shown, not in its name.
    expect(errorsOf('<a href="/pages/country" aria-label="Paese di spedizione: Italia (IT · €). Cambia paese">Italia<!-- --> · €</a>')).toEqual([
      '<a href="/pages/country">: its name does not contain the text it shows ("italia · €")',
    ]);
    expect(errorsOf('<button aria-label="Annulla l&#x27;iscrizione di a@b.it">Annulla iscrizione</button>')).toHaveLength(1);
    expect(errorsOf('<a href="/x" aria-label="Italia · € — paese di spedizione: Italia">Italia · €</a><button aria-label="Annulla iscrizione di a@b.it">Annulla iscrizione</button>')).toEqual([]);
    // An icon (SVG, aria-hidden) or screen-reader text is not what it shows.
    expect(errorsOf('<button aria-label="Chiudi"><svg><title>x</title></svg><span aria-hidden="true">×</span></button>')).toEqual([]);
  });

  it("reads React's markup: raw text, void and self-closed elements, entities", () => {
    const root = parseMarkup(page('<script>if (a<b) {}</script><img src="x"/><p>a &amp; b<br/>c</p>'));
    const body = root.children.find((c) => typeof c !== "string" && c.name === "html");
    expect(body).toBeDefined();
    expect(errorsOf('<script>document.write("<span><form></form></span>")</script><p>a</p>')).toEqual([]);
  });
});
