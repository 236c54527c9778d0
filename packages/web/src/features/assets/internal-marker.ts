import { useDeliveryMarkerQuery, type DeliveryMarker } from '../../api/delivery-markers.ts';

/**
 * `url` with the dashboard's marker added last: after any signature, which delivery checks
 * without the marker (packages/server/src/crypto/internal-marker.ts).
 */
export function markedUrl(url: string, marker: Pick<DeliveryMarker, 'param' | 'value'>): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}${marker.param}=${encodeURIComponent(marker.value)}`;
}

/** A srcset with each candidate's URL marked. */
export function markedSrcSet(
  srcSet: string,
  marker: Pick<DeliveryMarker, 'param' | 'value'>,
): string {
  return srcSet
    .split(', ')
    .map((candidate) => {
      const space = candidate.lastIndexOf(' ');
      return space === -1
        ? markedUrl(candidate, marker)
        : `${markedUrl(candidate.slice(0, space), marker)}${candidate.slice(space)}`;
    })
    .join(', ');
}

/**
 * The dashboard's own image sources, marked as its own so the server does not meter them.
 * 'pending' while the marker loads (an image loaded unmarked would be counted); unmarked when
 * the marker cannot be had, so the images still show.
 */
export function useMarkedSources<TSources extends { src: string; srcSet: string }>(
  sources: TSources | null,
): TSources | null | 'pending' {
  const marker = useDeliveryMarkerQuery();
  if (sources === null) return null;
  if (marker.isPending) return 'pending';
  if (marker.data === undefined) return sources;
  return {
    ...sources,
    src: markedUrl(sources.src, marker.data),
    srcSet: markedSrcSet(sources.srcSet, marker.data),
  };
}
