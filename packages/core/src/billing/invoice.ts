import type { InvoiceLine } from './billing-price.ts';
import type { ParsedPlan } from './parsed-plan.ts';

/** Bandwidth overage is priced per GB, base 1000 as every size in the product (section 9). */
export const BYTES_PER_BANDWIDTH_UNIT = 1_000_000_000;
/** Origin image overage is priced per thousand origin images. */
export const ORIGIN_IMAGES_PER_PRICE_UNIT = 1000;

/** What an account used in one billing period. */
export interface PeriodUsage {
  bandwidthBytes: number;
  originImages: number;
}

// Prices may be fractions of a minor unit (0.5 cent per GB): scaled to integers so the sum of
// a large usage is exact, then rounded up once per line, never per unit.
const PRICE_SCALE = 1_000_000n;

function overageAmount(quantity: number, pricePerUnit: number, unitSize: number): number {
  const scaledPrice = BigInt(Math.round(pricePerUnit * Number(PRICE_SCALE)));
  const numerator = BigInt(quantity) * scaledPrice;
  const denominator = BigInt(unitSize) * PRICE_SCALE;
  return Number((numerator + denominator - 1n) / denominator);
}

/**
 * The lines of one period's invoice: the plan's base price, then bandwidth and origin image
 * overages when the plan enables them (parsePlan leaves the overage prices out otherwise).
 */
export function invoiceLines(
  plan: ParsedPlan,
  usage: PeriodUsage,
  planName = plan.planType,
): InvoiceLine[] {
  const lines: InvoiceLine[] = [
    { description: `${planName} plan`, amount: plan.billingAmount, quantity: 1 },
  ];
  const extraBytes = Math.max(0, usage.bandwidthBytes - plan.bandwidthIncluded);
  if (plan.bandwidthOveragePrice !== undefined && extraBytes > 0) {
    lines.push({
      description: 'Bandwidth above the plan (bytes)',
      amount: overageAmount(extraBytes, plan.bandwidthOveragePrice, BYTES_PER_BANDWIDTH_UNIT),
      quantity: extraBytes,
    });
  }
  const extraImages =
    plan.originImagesIncluded === null
      ? 0
      : Math.max(0, usage.originImages - plan.originImagesIncluded);
  if (plan.originImagesOveragePrice !== undefined && extraImages > 0) {
    lines.push({
      description: 'Origin images above the plan',
      amount: overageAmount(
        extraImages,
        plan.originImagesOveragePrice,
        ORIGIN_IMAGES_PER_PRICE_UNIT,
      ),
      quantity: extraImages,
    });
  }
  return lines;
}

/** The total of invoice lines, in minor units. */
export function invoiceTotal(lines: readonly InvoiceLine[]): number {
  return lines.reduce((sum, line) => sum + line.amount, 0);
}
