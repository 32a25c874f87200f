// How the products sitemaps are split: by product id, so a product stays in its file for good.

/**
 * Products per products file: the protocol allows 50 000 URLs per file and every product has two
 * (Italian and English). Ten thousand keeps a file near 10 MB before compression, cheap to build.
 */
export const SITEMAP_PRODUCTS_PER_FILE = 10_000;

/** The products file (1, 2, …) a product id belongs to. */
export const sitemapFileOf = (productId: number) => Math.floor((productId - 1) / SITEMAP_PRODUCTS_PER_FILE) + 1;
