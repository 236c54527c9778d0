// Credit rates: the one place that says what usage costs (spec platform section 9 for the two
// render rates; the delivery, management and advanced rates are Darkroom's own choice, stated
// here so billing and analytics can never disagree).

/** A premium (AI) transformation (spec section 9). */
export const PREMIUM_RENDER_CREDITS = 2;
/** A standard transformation costs 1/500 of a credit (spec section 9). */
export const STANDARD_RENDER_CREDITS = 1 / 500;
/**
 * Advanced renders are video encodes, charged by encoded duration: one credit per minute, so a
 * short clip costs about what a premium image does and a long one scales with the CPU it takes.
 */
export const ADVANCED_RENDER_CREDITS_PER_MINUTE = 1;
/** Media delivery: one credit per gigabyte sent (base 1000, spec section 9 file-size units). */
export const DELIVERY_CREDITS_PER_GB = 1;
/** Media management: one credit per thousand distinct origin images served in the period. */
export const MANAGEMENT_CREDITS_PER_1000_ORIGIN_IMAGES = 1;

const BYTES_PER_GB = 1_000_000_000;
const MS_PER_MINUTE = 60_000;

/** The usage that costs credits, over one period. */
export interface CreditableUsage {
  standardRenders: number;
  premiumRenders: number;
  /** Milliseconds of video encoded. */
  videoEncodedMs: number;
  /** Bytes sent to clients. */
  bytesOut: number;
  /** Distinct origin images served. */
  originImages: number;
}

/** Credits per kind of use; `total` is their sum. */
export interface CreditBreakdown {
  standardRender: number;
  advancedRender: number;
  premiumRender: number;
  mediaDelivery: number;
  management: number;
  total: number;
}

/** Turns one period's usage into credits, per kind and in total. */
export function creditsFor(usage: CreditableUsage): CreditBreakdown {
  const standardRender = usage.standardRenders * STANDARD_RENDER_CREDITS;
  const premiumRender = usage.premiumRenders * PREMIUM_RENDER_CREDITS;
  const advancedRender =
    (usage.videoEncodedMs / MS_PER_MINUTE) * ADVANCED_RENDER_CREDITS_PER_MINUTE;
  const mediaDelivery = (usage.bytesOut / BYTES_PER_GB) * DELIVERY_CREDITS_PER_GB;
  const management = (usage.originImages / 1000) * MANAGEMENT_CREDITS_PER_1000_ORIGIN_IMAGES;
  return {
    standardRender,
    advancedRender,
    premiumRender,
    mediaDelivery,
    management,
    total: standardRender + advancedRender + premiumRender + mediaDelivery + management,
  };
}
