// How the products sitemaps are split: by product id, so a product stays in its file for good.

/**
 * Products per products file: the protocol allows 50 000 URLs per file and every product has two
 * (Italian and English). Five thousand keep a file near 5 MB before compression, built in about
 * 100 ms on a 100 000-product catalogue (a file of 10 000 took twice that on its first request).
 */
export const SITEMAP_PRODUCTS_PER_FILE = 5_000;

/** The products file (1, 2, …) a product id belongs to. */
export const sitemapFileOf = (productId: number) => Math.floor((productId - 1) / SITEMAP_PRODUCTS_PER_FILE) + 1;
