// The S3-compatible endpoint rule (spec platform section 5): a host, optional port and path with
// no scheme, on one of the known providers' host names or in the R2 form.
import { requiredText } from './base-schemas.ts';
import { SOURCE_MESSAGES } from './messages.ts';
import { R2_ACCOUNT_ID_PLACEHOLDER, S3_COMPATIBLE_PRESETS } from './presets.ts';
import type { StorageProvider } from './types.ts';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const ENDPOINT_SYNTAX = new RegExp(
  `^(${LABEL}(?:\\.${LABEL})+)(?::(\\d{1,5}))?(/[^\\s?#]*)?$`,
  'i',
);

/** Host names of the S3-compatible providers Darkroom recognises, lowercase. */
export const ENDPOINT_HOST_PATTERNS = {
  digitalocean: /^(?:[a-z0-9-]+\.)+digitaloceanspaces\.com$/,
  wasabi: /^s3\.(?:[a-z0-9-]+\.)*wasabisys\.com$/,
  rackspace:
    /^(?:(?:[a-z0-9-]+\.)+clouddrive\.com|storage[a-z0-9-]*(?:\.[a-z0-9-]+)*\.rackspacecloud\.com)$/,
  vultr: /^(?:[a-z0-9-]+\.)+vultrobjects\.com$/,
  dream: /^objects[a-z0-9-]*(?:\.[a-z0-9-]+)*\.dream\.io$/,
  linode: /^(?:[a-z0-9-]+\.)+linodeobjects\.com$/,
  backblaze: /^s3\.[a-z0-9-]+\.backblazeb2\.com$/,
  // The account id is 32 hex digits; `eu.` is R2's EU jurisdiction endpoint.
  r2: /^[0-9a-f]{32}\.(?:eu\.)?r2\.cloudflarestorage\.com$/,
} as const satisfies Record<string, RegExp>;

export type EndpointHostKind = keyof typeof ENDPOINT_HOST_PATTERNS;

/** Splits an endpoint into host, port and path; null when it is not host[:port][/path]. */
export function parseEndpoint(
  endpoint: string,
): { host: string; port: number | null; path: string } | null {
  const match = ENDPOINT_SYNTAX.exec(endpoint);
  if (match === null) return null;
  const host = (match[1] ?? '').toLowerCase();
  const port = match[2] === undefined ? null : Number(match[2]);
  if (host.length > 253 || (port !== null && (port < 1 || port > 65535))) return null;
  return { host, port, path: match[3] ?? '' };
}

/** The provider whose host names match `host`, or null. */
export function endpointHostKind(host: string): EndpointHostKind | null {
  const lower = host.toLowerCase();
  for (const [kind, pattern] of Object.entries(ENDPOINT_HOST_PATTERNS)) {
    if (pattern.test(lower)) return kind as EndpointHostKind;
  }
  return null;
}

const PROVIDER_HINTS: Readonly<Record<StorageProvider, string>> = {
  r2: 'Enter your R2 endpoint as <account id>.r2.cloudflarestorage.com, with your 32-character Cloudflare account ID.',
  digitalocean: `Enter a DigitalOcean Spaces endpoint, for example ${S3_COMPATIBLE_PRESETS.digitalocean.endpoint}.`,
  linode: `Enter a Linode Object Storage endpoint, for example ${S3_COMPATIBLE_PRESETS.linode.endpoint}.`,
  wasabi: `Enter a Wasabi endpoint, for example ${S3_COMPATIBLE_PRESETS.wasabi.endpoint}.`,
};

/** The problem with an endpoint for `provider` (any known provider when omitted), or null. */
export function endpointProblem(endpoint: string, provider?: StorageProvider): string | null {
  const invalid = SOURCE_MESSAGES.invalidEndpointUrl;
  if (/\s/.test(endpoint)) return `${invalid} It cannot contain spaces.`;
  if (/^https?:\/\//i.test(endpoint)) {
    return `${invalid} Leave out http:// or https://, for example ${S3_COMPATIBLE_PRESETS.digitalocean.endpoint}.`;
  }
  if (endpoint.includes(R2_ACCOUNT_ID_PLACEHOLDER)) {
    return `${invalid} Replace ${R2_ACCOUNT_ID_PLACEHOLDER} with your 32-character Cloudflare account ID.`;
  }
  const parsed = parseEndpoint(endpoint);
  if (parsed === null) {
    return `${invalid} Enter a host name, optionally followed by :port and a path.`;
  }
  const kind = endpointHostKind(parsed.host);
  if (provider !== undefined) {
    return kind === provider ? null : `${invalid} ${PROVIDER_HINTS[provider]}`;
  }
  return kind === null ? `${invalid} It does not belong to a supported storage provider.` : null;
}

/**
 * endpoint_url of an S3-compatible source. With a provider, the host must be that provider's
 * (an R2 source the R2 form, a DigitalOcean source a digitaloceanspaces.com host, and so on).
 */
export function s3CompatibleEndpointSchema(provider?: StorageProvider) {
  return requiredText().superRefine((endpoint, ctx) => {
    const problem = endpointProblem(endpoint, provider);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}
