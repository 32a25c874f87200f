/**
 * The fetcher key of the product page's add-to-bag form. The header reads the same fetcher to
 * count an add in the badge while it is on its way; a module of its own keeps the form's code
 * out of the shell.
 */
export const ADD_TO_BAG_FETCHER = "add-to-bag";
