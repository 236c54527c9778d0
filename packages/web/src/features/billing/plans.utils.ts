import { formatBytes, type BillingPrice, type ParsedPlan } from '@darkroom/core';
import { formatMoney, formatUnitPrice } from './billing.utils.ts';

const INTERVAL_NAMES: Record<NonNullable<BillingPrice['recurring']>['interval'], string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

/** What a price costs per period: `$49.00 / month`, `$90.00 / 3 months`. */
export function priceLabel(price: Pick<BillingPrice, 'unit_amount' | 'currency' | 'recurring'>) {
  const money = formatMoney(price.unit_amount ?? 0, price.currency);
  const recurring = price.recurring;
  if (!recurring) return money;
  const unit = INTERVAL_NAMES[recurring.interval];
  return recurring.interval_count === 1
    ? `${money} / ${unit}`
    : `${money} / ${recurring.interval_count} ${unit}s`;
}

/** The plan's name as customers know it: the parsed plan type, else the price's lookup key. */
export function planName(plan: ParsedPlan, price: Pick<BillingPrice, 'lookup_key' | 'id'>) {
  return plan.planType || price.lookup_key || price.id;
}

function countText(value: number | null, noun: string): string {
  if (value === null || !Number.isFinite(value)) return 'Unlimited';
  return `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;
}

function minutesText(value: number): string {
  // Parsed plans leave video values not-a-number when the plan says nothing (spec section 3).
  if (!Number.isFinite(value) || value <= 0) return 'Not included';
  return `${value.toLocaleString('en-US')} min`;
}

export interface AllowanceRow {
  key:
    | 'bandwidth'
    | 'origin_images'
    | 'sources'
    | 'users'
    | 'video_streaming'
    | 'video_encoding'
    | 'overages';
  label: string;
  value: string;
}

/** What a plan includes, one row per allowance, in the order the comparison shows them. */
export function allowanceRows(plan: ParsedPlan, currency: string): AllowanceRow[] {
  return [
    { key: 'bandwidth', label: 'Bandwidth', value: formatBytes(plan.bandwidthIncluded) },
    {
      key: 'origin_images',
      label: 'Origin images',
      value: countText(plan.originImagesIncluded, 'image'),
    },
    { key: 'sources', label: 'Sources', value: countText(plan.sourcesIncluded, 'source') },
    { key: 'users', label: 'Users', value: countText(plan.usersIncluded, 'user') },
    {
      key: 'video_streaming',
      label: 'Video streaming',
      value: minutesText(plan.videoStreamingIncluded),
    },
    {
      key: 'video_encoding',
      label: 'Video encoding',
      value: minutesText(plan.videoEncodingIncluded),
    },
    { key: 'overages', label: 'Beyond the plan', value: overageText(plan, currency) },
  ];
}

/** The overage prices, or why usage beyond the plan is not billed. */
export function overageText(plan: ParsedPlan, currency: string): string {
  if (!plan.overagesEnabled) return 'Stops at the plan limits';
  const parts: string[] = [];
  if (plan.bandwidthOveragePrice !== undefined) {
    parts.push(`${formatUnitPrice(plan.bandwidthOveragePrice, currency)} per GB`);
  }
  if (plan.originImagesOveragePrice !== undefined) {
    parts.push(`${formatUnitPrice(plan.originImagesOveragePrice, currency)} per 1,000 images`);
  }
  return parts.length > 0 ? parts.join(', ') : 'Billed as used';
}

export type PlanChange = 'current' | 'upgrade' | 'downgrade';

/** Moving to a dearer plan is an upgrade; the same price on another plan counts as one too. */
export function planChange(
  current: ParsedPlan | null,
  currentPriceId: string | null,
  target: {
    plan: ParsedPlan;
    priceId: string;
  },
): PlanChange {
  if (target.priceId === currentPriceId) return 'current';
  if (!current) return 'upgrade';
  return target.plan.billingAmount >= current.billingAmount ? 'upgrade' : 'downgrade';
}
