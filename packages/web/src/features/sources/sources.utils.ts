import {
  GENERIC_FORM_ERROR,
  deliveryScheme,
  deriveSourceType,
  derivedSourceTypeLabel,
  mapDomainValidationError,
  mapServerError,
  type ErrorCode,
  type MappedServerError,
} from '@darkroom/core';
import { isApiRequestError } from '../../api/client.ts';
import type { SourceProduction } from '../../api/sources.ts';

/** The first error of a failed call, mapped as spec platform section 8 says. */
export function mapApiError(error: unknown): MappedServerError & { title: string } {
  if (!isApiRequestError(error)) {
    return { kind: 'form', code: 'generic', message: GENERIC_FORM_ERROR, title: 'Error' };
  }
  const first = error.errors[0];
  // A 429 without a document (from a proxy, say) is still the rate limit.
  const fallbackCode: ErrorCode | null = error.status === 429 ? 'rate_limited' : null;
  const mapped = mapServerError({
    field: first?.source?.pointer ?? null,
    title: first?.title ?? null,
    detail: first?.detail ?? error.message,
    code: first?.code ?? fallbackCode,
  });
  return { ...mapped, title: first?.title ?? error.message };
}

/** The message for a domain the server refused (spec section 8: a rejection means unavailable). */
export function domainErrorMessage(error: unknown): string {
  if (!isApiRequestError(error)) return GENERIC_FORM_ERROR;
  const first = error.errors[0];
  if (error.status === 422) {
    const mapped = mapApiError(error);
    // A format error names the field; its own wording explains what is wrong.
    return mapped.kind === 'field' ? (first?.detail ?? mapped.message) : mapped.message;
  }
  return mapDomainValidationError(first?.detail ?? error.message);
}

/** The label of a source's storage: "Cloudflare R2", "Amazon S3", "Web Folder"… */
export function sourceTypeLabel(production: Pick<SourceProduction, 'type' | 'storage_provider'>) {
  const derived = deriveSourceType(production);
  return derived === null ? 'S3 Compatible' : derivedSourceTypeLabel(derived);
}

/** The delivery address of a subdomain: `https://{subdomain}.{delivery domain}`. */
export function subdomainUrl(subdomain: string, deliveryDomain: string): string {
  return `${deliveryScheme(deliveryDomain)}://${subdomain}.${deliveryDomain}`;
}

/**
 * The delivery URL of one file: each path segment percent-encoded (a space or `#` in a file
 * name must not end the path), then the rendering parameters, if any.
 */
export function fileDeliveryUrl(
  subdomain: string,
  deliveryDomain: string,
  path: string,
  query = '',
): string {
  const encodedPath = path
    .split('/')
    .filter((segment) => segment !== '')
    .map(encodeURIComponent)
    .join('/');
  const search = query.trim().replace(/^\?/, '');
  return `${subdomainUrl(subdomain, deliveryDomain)}/${encodedPath}${search ? `?${search}` : ''}`;
}

const UNITS: ReadonlyArray<[seconds: number, singular: string]> = [
  [365 * 24 * 3600, 'year'],
  [30 * 24 * 3600, 'month'],
  [7 * 24 * 3600, 'week'],
  [24 * 3600, 'day'],
  [3600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** A number of seconds for people: 31536000 -> "1 year", 5400 -> "1 hour 30 minutes". */
export function humanDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return '0 seconds';
  const parts: string[] = [];
  let rest = Math.floor(totalSeconds);
  for (const [size, unit] of UNITS) {
    if (rest >= size && parts.length < 2) {
      const count = Math.floor(rest / size);
      rest -= count * size;
      parts.push(`${count} ${unit}${count === 1 ? '' : 's'}`);
    }
  }
  return parts.join(' ');
}

/** A stable text form of a configuration, to tell whether it changed since the last check. */
export function configurationKey(configuration: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(configuration)
      .sort()
      .map((key) => [key, configuration[key]]),
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDate(ms: number): string {
  return dateFormat.format(new Date(ms));
}
