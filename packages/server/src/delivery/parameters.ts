/**
 * The catalogue parameters the delivery layer itself implements, as HTTP behaviour rather than
 * pixels: `expires` (404 once past, and a max-age that ends with it) and `dl` (a download with
 * Content-Disposition). `npm run params:coverage` reads this list.
 */
export const DELIVERY_PARAMETERS: readonly string[] = ['expires', 'dl'];
