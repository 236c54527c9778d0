import type { BillingMetadata, BillingPrice, BillingProduct } from './billing-price.ts';

/** Spec platform section 9: the bandwidth a plan includes when its metadata names none. */
export const DEFAULT_BANDWIDTH_INCLUDED = 100_000_000;

/** Spec platform section 3, 'Parsed plan'. */
export interface ParsedPlan {
  planType: string;
  /** The price's unit amount, in minor units. */
  billingAmount: number;
  overagesEnabled: boolean;
  /** Null when the plan sets no number (no limit). */
  originImagesIncluded: number | null;
  /** In bytes. */
  bandwidthIncluded: number;
  /** Minor units per GB (10^9 bytes) above bandwidthIncluded; only when overages are enabled. */
  bandwidthOveragePrice?: number;
  /** Minor units per 1,000 origin images above originImagesIncluded; only with overages. */
  originImagesOveragePrice?: number;
  /** NaN when absent. */
  videoStreamingIncluded: number;
  /** NaN when absent. */
  videoEncodingIncluded: number;
  /** Null when the plan sets no limit. */
  sourcesIncluded: number | null;
  /** Null when the plan sets no limit. */
  usersIncluded: number | null;
}

/** What a provider answers about a plan: a price, its product, and the answer's own metadata. */
export interface PlanResponse {
  price: BillingPrice;
  /** The product when the price names it by id only. */
  product?: BillingProduct;
  /** The metadata of the answer itself (a subscription's, for instance). */
  metadata?: BillingMetadata;
}

function productOf(response: PlanResponse): BillingProduct | undefined {
  return typeof response.price.product === 'string' ? response.product : response.price.product;
}

/** A metadata number; undefined when absent, blank or not a number. */
function numberOf(metadata: BillingMetadata, key: string): number | undefined {
  const text = metadata[key]?.trim();
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * Reads a plan from a provider answer (spec platform section 3, 'Parsed plan'): metadata of the
 * product, then the price, then the answer, each overriding the one before.
 */
export function parsePlan(response: PlanResponse): ParsedPlan {
  const product = productOf(response);
  const metadata: BillingMetadata = {
    ...product?.metadata,
    ...response.price.metadata,
    ...response.metadata,
  };
  const overagesEnabled = metadata.overages_enabled?.trim().toLowerCase() === 'true';
  const bandwidthOveragePrice = numberOf(metadata, 'bandwidth_price');
  const originImagesOveragePrice = numberOf(metadata, 'images_price');
  return {
    planType: response.price.nickname?.trim() || product?.name.trim() || '',
    billingAmount: response.price.unit_amount ?? 0,
    overagesEnabled,
    originImagesIncluded: numberOf(metadata, 'origin_images_included') ?? null,
    bandwidthIncluded: numberOf(metadata, 'bandwidth_included') ?? DEFAULT_BANDWIDTH_INCLUDED,
    ...(overagesEnabled && bandwidthOveragePrice !== undefined && { bandwidthOveragePrice }),
    ...(overagesEnabled && originImagesOveragePrice !== undefined && { originImagesOveragePrice }),
    videoStreamingIncluded: numberOf(metadata, 'video_streaming_included') ?? Number.NaN,
    videoEncodingIncluded: numberOf(metadata, 'video_encoding_included') ?? Number.NaN,
    sourcesIncluded: numberOf(metadata, 'sources_included') ?? null,
    usersIncluded: numberOf(metadata, 'users_included') ?? null,
  };
}
