import type { BillingInvoiceRow } from '../db/schema.ts';

/** An amount in minor units as money, e.g. 4900 usd -> "$49.00" (two-decimal currencies). */
export function formatMoney(minorUnits: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(minorUnits / 100);
}

/** A date as "22 November 2026" in UTC, as the period boundaries are kept. */
export function formatDate(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/** The lines printed on an invoice: what is billed, the quantity and the amount. */
export function printedLines(
  invoice: BillingInvoiceRow,
): { description: string; quantity: string; amount: string }[] {
  return invoice.lines.map((line) => ({
    description: line.description,
    quantity: line.quantity.toLocaleString('en-US'),
    amount: formatMoney(line.amount, invoice.currency),
  }));
}

export const STATUS_LABELS: Record<BillingInvoiceRow['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};
