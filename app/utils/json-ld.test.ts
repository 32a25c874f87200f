import { describe, expect, it } from "vitest";
import { DEFAULT_SHOP_SETTINGS } from "~/modules/settings/shop-settings";
import { blogPostingJsonLd, breadcrumbJsonLd, centsToDecimal, jsonLdScript, organizationJsonLd, productJsonLd } from "./json-ld";

const origin = "https://shop.example";

const product = {
  name: "Abito in lino",
  description: "Un abito leggero.",
  url: "/products/abito-in-lino",
  images: ["/media/g1/dress/8a9a7b-front-640.svg", "https://cdn.example/back.jpg"],
  sku: "ABITO-LINO",
  brand: "Bottega",
  category: "Donna > Abiti",
  variants: [
    { sku: "ABITO-LINO-SALVIA-S", priceCents: 12900, stock: 3, size: "S", colorName: "Salvia", image: "/media/g1/dress/9aa58a-front-640.svg" },
    { sku: "ABITO-LINO-SALVIA-M", priceCents: 12905, stock: 0, size: "M", colorName: "Salvia" },
  ],
};

describe("organizationJsonLd", () => {
  it("describes the shop with its address, VAT number and support hours", () => {
    const org = organizationJsonLd(origin, DEFAULT_SHOP_SETTINGS.seller);
    expect(org).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Organization",
      name: "Bottega",
      url: "https://shop.example/",
      logo: "https://shop.example/favicon.svg",
      legalName: "Bottega S.r.l.",
      vatID: "IT12345678903",
      address: { streetAddress: "Via della Spiga 12", postalCode: "20121", addressLocality: "Milano", addressCountry: "IT" },
      contactPoint: { "@type": "ContactPoint", hoursAvailable: { opens: "08:30", closes: "17:30" } },
    });
    const hours = (org.contactPoint as { hoursAvailable: { dayOfWeek: string[] } }).hoursAvailable;
    expect(hours.dayOfWeek).toEqual(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`));
  });

  it("does not double the slash of an origin that ends with one", () => {
    expect(organizationJsonLd(`${origin}/`, DEFAULT_SHOP_SETTINGS.seller).logo).toBe("https://shop.example/favicon.svg");
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers the items from 1 and makes their URLs absolute", () => {
    const list = breadcrumbJsonLd(
      [
        { name: "Home", url: "/" },
        { name: "Donna", url: "/categories/donna" },
        { name: "Abiti", url: "https://shop.example/categories/donna/abiti" },
      ],
      origin,
    );
    expect(list["@type"]).toBe("BreadcrumbList");
    expect(list.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://shop.example/" },
      { "@type": "ListItem", position: 2, name: "Donna", item: "https://shop.example/categories/donna" },
      { "@type": "ListItem", position: 3, name: "Abiti", item: "https://shop.example/categories/donna/abiti" },
    ]);
  });
});

describe("centsToDecimal", () => {
  it("formats integer cents without floating point", () => {
    expect(centsToDecimal(12900)).toBe("129.00");
    expect(centsToDecimal(12905)).toBe("129.05");
    expect(centsToDecimal(7)).toBe("0.07");
    expect(centsToDecimal(0)).toBe("0.00");
    expect(() => centsToDecimal(12.5)).toThrow();
    expect(() => centsToDecimal(-100)).toThrow();
  });
});

describe("productJsonLd", () => {
  it("makes a ProductGroup with one offer per variant", () => {
    const group = productJsonLd(product, origin);
    expect(group).toMatchObject({
      "@context": "https://schema.org",
      "@type": "ProductGroup",
      name: "Abito in lino",
      productGroupID: "ABITO-LINO",
      url: "https://shop.example/products/abito-in-lino",
      image: ["https://shop.example/media/g1/dress/8a9a7b-front-640.svg", "https://cdn.example/back.jpg"],
      brand: { "@type": "Brand", name: "Bottega" },
      category: "Donna > Abiti",
    });
    const variants = group.hasVariant as Array<Record<string, unknown>>;
    expect(variants).toHaveLength(2);
    expect(variants[0]).toMatchObject({
      "@type": "Product",
      sku: "ABITO-LINO-SALVIA-S",
      color: "Salvia",
      size: "S",
      offers: {
        "@type": "Offer",
        price: "129.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
        url: "https://shop.example/products/abito-in-lino",
      },
    });
    expect(variants[1].offers).toMatchObject({ price: "129.05", availability: "https://schema.org/OutOfStock" });
    // Each variant shows its own colour, not the gallery of the colour on screen; the brand is the group's.
    expect(variants[0].image).toBe("https://shop.example/media/g1/dress/9aa58a-front-640.svg");
    expect(variants[0]).not.toHaveProperty("brand");
  });

  it("makes a plain Product for a single variant, and leaves out what is not given", () => {
    const single = productJsonLd({ ...product, sku: undefined, category: undefined, variants: [product.variants[1]] }, origin);
    expect(single["@type"]).toBe("Product");
    expect(single.sku).toBe("ABITO-LINO-SALVIA-M");
    expect(single.offers).toMatchObject({ price: "129.05", availability: "https://schema.org/OutOfStock" });
    expect(single).not.toHaveProperty("category");
    expect(single).not.toHaveProperty("hasVariant");
  });
});

describe("jsonLdScript", () => {
  it("cannot close the script element or open a comment, and still parses to the same data", () => {
    const data = { name: "</script><script>alert(1)</script> <!-- & \u2028\u2029 -->" };
    const text = jsonLdScript(data);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(text).toContain("\\u003c/script\\u003e");
    expect(JSON.parse(text)).toEqual(data);
  });

  it("serialises a whole product", () => {
    const data = productJsonLd({ ...product, name: "Bag <Tote> & Co" }, origin);
    expect(JSON.parse(jsonLdScript(data))).toEqual(data);
  });
});

describe("blogPostingJsonLd", () => {
  const post = {
    headline: "Il lino </script><script>alert(1)</script>",
    description: "Dal campo al telaio.",
    url: "/blog/il-lino",
    image: "/media/c4/still-loom/wide-1280.svg",
    datePublished: "2026-03-01T09:00:00.000Z",
    dateModified: "2026-03-04T10:30:00.000Z",
    inLanguage: "it-IT",
  };

  it("names the post, its absolute picture, its dates, the shop as author and publisher, and its page", () => {
    expect(blogPostingJsonLd(post, origin)).toEqual({
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.headline,
      description: "Dal campo al telaio.",
      image: ["https://shop.example/media/c4/still-loom/wide-1280.svg"],
      datePublished: "2026-03-01T09:00:00.000Z",
      dateModified: "2026-03-04T10:30:00.000Z",
      inLanguage: "it-IT",
      author: { "@type": "Organization", name: "Bottega", url: "https://shop.example/" },
      publisher: { "@type": "Organization", name: "Bottega", url: "https://shop.example/", logo: { "@type": "ImageObject", url: "https://shop.example/favicon.svg" } },
      mainEntityOfPage: { "@type": "WebPage", "@id": "https://shop.example/blog/il-lino" },
      url: "https://shop.example/blog/il-lino",
    });
  });

  it("never says it was modified before it was published, and serialises safely", () => {
    expect(blogPostingJsonLd({ ...post, dateModified: "2026-02-20T00:00:00.000Z" }, origin).dateModified).toBe(post.datePublished);
    const script = jsonLdScript(blogPostingJsonLd(post, origin));
    expect(script).not.toContain("</script>");
    expect(JSON.parse(script).headline).toBe(post.headline);
  });
});
