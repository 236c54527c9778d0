// Plans, prices and invoices (spec platform section 3: Billing price, Invoice, Parsed plan): the
// billing shapes other than credits.
export * from './billing-price.ts';
export * from './parsed-plan.ts';
export * from './invoice.ts';
