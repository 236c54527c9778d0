/**
 * For a field drawn around an input (a unit suffix, a toggle button): the wrapper takes the
 * keyboard focus outline that index.css gives focused elements, and the input inside drops its
 * own (`focus-visible:outline-none`; the global rule sits in the base layer, below utilities).
 */
export const focusWithinOutline =
  'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-500';
