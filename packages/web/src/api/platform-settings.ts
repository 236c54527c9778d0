import type { ResourceObject } from '@darkroom/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

export interface PlatformSettingsAttributes {
  /** Deliveries are served at `{subdomain}.{delivery_domain}`. */
  delivery_domain: string;
  /** The server's ALLOW_PRIVATE_ORIGINS: the form checks web folders with the same rule. */
  allow_private_origins: boolean;
  max_origin_bytes: number;
}

export type PlatformSettingsResource = ResourceObject<
  'platform_settings',
  PlatformSettingsAttributes
>;
export type PlatformSettings = PlatformSettingsAttributes;

export const platformSettingsKeys = {
  all: ['platform-settings'] as const,
  current: () => [...platformSettingsKeys.all, 'current'] as const,
};

/** `GET /platform-settings`: the deployment's delivery domain and the origin rules it enforces. */
export async function getPlatformSettings(signal?: AbortSignal): Promise<PlatformSettings> {
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
