import { formatBytes } from '@darkroom/core';
import type { InvoiceStatus } from '../../api/billing.ts';
import type { BadgeColor } from '../../ui/index.ts';

const STATUS_LOOKS: Record<InvoiceStatus, { label: string; color: BadgeColor }> = {
  draft: { label: 'Draft', color: 'default' },
  open: { label: 'Open', color: 'blue' },
  paid: { label: 'Paid', color: 'green' },
  void: { label: 'Void', color: 'slate' },
  uncollectible: { label: 'Uncollectible', color: 'red' },
};

/** The badge of an invoice status. */
export function invoiceStatusLook(status: InvoiceStatus): { label: string; color: BadgeColor } {
  return STATUS_LOOKS[status];
}

/** How many digits a currency's minor unit has: 2 for USD (cents), 0 for JPY, 3 for BHD. */
export function minorUnitDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  );
}

/** An amount in minor units (as payment providers send it) shown in its currency: 1999 USD -> "$19.99". */
export function formatMoney(minorUnits: number, currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  const digits = minorUnitDigits(code);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minorUnits / 10 ** digits);
}

/** A price per unit, which may hold fractions of a cent ("0.08" cents per GB stays exact). */
export function formatUnitPrice(minorUnits: number, currency: string, locale = 'en-US'): string {
  const code = currency.toUpperCase();
  const digits = minorUnitDigits(code);
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits + 4,
  }).format(minorUnits / 10 ** digits);
}

export interface BillingPeriod {
  /** `2026-11`, for a `<time dateTime>`. */
  key: string;
  /** `Nov 2026`. */
  label: string;
}

/**
 * The year-month an invoice is listed under: from its creation, or its due date when it has no
 * creation time (spec platform section 3). Times are payment-provider seconds, read in UTC so
 * an invoice created at midnight on the 1st does not slip into the previous month.
 */
export function invoicePeriod(invoice: {
  created: number | null;
  due_date: number | null;
}): BillingPeriod | null {
  const seconds = invoice.created ?? invoice.due_date;
  if (seconds === null || !Number.isFinite(seconds)) return null;
  const date = new Date(seconds * 1000);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  return {
    key: `${year}-${String(month).padStart(2, '0')}`,
    label: date.toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }),
  };
}

/** A day from payment-provider seconds: `Nov 22, 2026`. */
export function formatProviderDate(seconds: number): string {
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export type UsageUnit = 'bytes' | 'count' | 'minutes';

export interface UsageMeter {
  used: number;
  /** What the plan includes; null when the plan sets no limit. */
  included: number | null;
  /** 0..1 for the bar; 1 once over. */
  share: number;
  over: boolean;
  /** `1.5 GB of 100 MB`, `3 of 5`, `12 (no limit)`. */
  text: string;
}

function formatAmount(value: number, unit: UsageUnit): string {
  if (unit === 'bytes') return formatBytes(value);
  const count = value.toLocaleString('en-US', { maximumFractionDigits: 1 });
  return unit === 'minutes' ? `${count} min` : count;
}

/**
 * Usage against what the plan includes. A missing or not-a-number allowance (parsed plans leave
 * video values NaN when the plan says nothing, spec section 3) means no stated limit.
 */
export function usageMeter(
  used: number,
  included: number | null | undefined,
  unit: UsageUnit,
): UsageMeter {
  const limit =
    included === null || included === undefined || !Number.isFinite(included) ? null : included;
  if (limit === null) {
    return {
      used,
      included: null,
      share: 0,
      over: false,
      text: `${formatAmount(used, unit)} (no limit)`,
    };
  }
  const over = used > limit;
  const share = limit <= 0 ? (used > 0 ? 1 : 0) : Math.min(1, used / limit);
  return {
    used,
    included: limit,
    share,
    over,
    text: `${formatAmount(used, unit)} of ${formatAmount(limit, unit)}`,
  };
}
