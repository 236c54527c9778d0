import type { CapabilityName, MailDelivery, ResourceObject } from '@darkroom/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

interface PlatformSettingsAttributes {
  /** Deliveries are served at `{subdomain}.{delivery_domain}`. */
  delivery_domain: string;
  /** The server's ALLOW_PRIVATE_ORIGINS: the form checks web folders with the same rule. */
  allow_private_origins: boolean;
  max_origin_bytes: number;
  /** Every premium capability, in CAPABILITY_NAMES order, as this install can offer it. */
  premium_features: PremiumFeature[];
  /** A generative provider is configured: image to video can also be generated from a prompt. */
  generative_video: boolean;
  /** Object replacement is painted by the generative provider: whether this install has one. */
  object_replacement: OperationAvailability;
  /**
   * How invitation and password-reset emails go out: by `smtp`, or, without SMTP_URL, as links
   * written to the server log (`log`).
   */
  mail_delivery: MailDelivery;
}

/** Whether this install can run one operation, and when it cannot, what the operator must set. */
export interface OperationAvailability {
  available: boolean;
  unavailable_reason: string | null;
}

/** Whether this install can run a premium capability at all, whatever a source is granted. */
export interface PremiumFeature extends OperationAvailability {
  name: CapabilityName;
  /** The plans that grant it, cheapest first: what the paywall names. */
  plans: string[];
}

type PlatformSettingsResource = ResourceObject<'platform_settings', PlatformSettingsAttributes>;
export type PlatformSettings = PlatformSettingsAttributes;

const platformSettingsKeys = {
  all: ['platform-settings'] as const,
  current: () => [...platformSettingsKeys.all, 'current'] as const,
};

/**
 * `GET /platform-settings`: the deployment's delivery domain, the origin rules it enforces, the
 * premium features it can offer and how its mail goes out.
 */
async function getPlatformSettings(signal?: AbortSignal): Promise<PlatformSettings> {
  const document = await apiFetch<ApiDocument<PlatformSettingsResource>>('/platform-settings', {
    signal,
  });
  return document.data.attributes;
}

export function usePlatformSettingsQuery() {
  return useQuery({
    queryKey: platformSettingsKeys.current(),
    queryFn: ({ signal }) => getPlatformSettings(signal),
    // Set by the server's configuration: it does not change while the dashboard is open.
    staleTime: Infinity,
  });
}
