import type { ResourceObject } from '@darkroom/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

/**
 * The marker the dashboard adds to the delivery URLs it loads itself (thumbnails, previews), so
 * the server keeps them out of analytics and billing. Minted by the server for this account; it
 * lapses within two hours.
 */
export interface DeliveryMarker {
  /** The query parameter's name. */
  param: string;
  value: string;
  expires_at: string;
}

type DeliveryMarkerResource = ResourceObject<'delivery_markers', DeliveryMarker>;

/** The marker stays the same for an hour: fetched again a little before that. */
const MARKER_REFRESH_MS = 50 * 60_000;

export const deliveryMarkerKeys = {
  all: ['delivery-markers'] as const,
  current: () => [...deliveryMarkerKeys.all, 'current'] as const,
};

/** `GET /delivery-markers/current`. */
export async function getDeliveryMarker(signal?: AbortSignal): Promise<DeliveryMarker> {
  const document = await apiFetch<ApiDocument<DeliveryMarkerResource>>(
    '/delivery-markers/current',
    { signal },
  );
  return document.data.attributes;
}

export function useDeliveryMarkerQuery() {
  return useQuery({
    queryKey: deliveryMarkerKeys.current(),
    queryFn: ({ signal }) => getDeliveryMarker(signal),
    staleTime: MARKER_REFRESH_MS,
    refetchInterval: MARKER_REFRESH_MS,
    // Without a marker the images still load, only counted as traffic: never worth a retry storm.
    retry: 1,
  });
}
