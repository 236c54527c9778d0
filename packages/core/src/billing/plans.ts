// Plans, prices and invoices (issue 9): the billing shapes other than credits.
export * from './billing-price.ts';
export * from './parsed-plan.ts';
export * from './invoice.ts';
