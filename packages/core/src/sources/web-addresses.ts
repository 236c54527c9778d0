// Rules for the addresses a source uses (spec platform section 5): its subdomain, custom
// domains, the web folder base URL and the fallback image URLs.
import { firstBrokenRule, requiredText } from './base-schemas.ts';
import { isPrivateOrLoopbackIp, parseIpv4 } from './ip-address.ts';
import { DOMAIN_MESSAGES, SOURCE_MESSAGES } from './messages.ts';
import { parseUrl } from './whatwg-url.ts';

/** The longest DNS label, and so the longest subdomain. */
export const MAX_SUBDOMAIN_LENGTH = 63;

/** A subdomain: one DNS label of lowercase letters, numbers and dashes. Availability is the server's. */
export const subdomainSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [
      (value) => value.length <= MAX_SUBDOMAIN_LENGTH,
      `Subdomains can be at most ${MAX_SUBDOMAIN_LENGTH} characters long.`,
    ],
    [
      (value) => /^[a-z0-9-]+$/.test(value),
      'Subdomains can contain only lowercase letters, numbers and dashes.',
    ],
    [
      (value) => !value.startsWith('-') && !value.endsWith('-'),
      'Subdomains cannot start or end with a dash.',
    ],
  ]),
);

/** Splits a configured delivery domain such as `darkroom.example` or `localhost:8080`. */
export function parseDeliveryDomain(deliveryDomain: string): { host: string; port: string | null } {
  const bare = deliveryDomain
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/^\*?\./, '');
  const colon = bare.lastIndexOf(':');
  if (colon === -1) return { host: bare.replace(/\.$/, ''), port: null };
  return { host: bare.slice(0, colon).replace(/\.$/, ''), port: bare.slice(colon + 1) || null };
}

/**
 * `http` for a local delivery domain (`localhost` or `*.localhost`, RFC 6761: always loopback,
 * where nothing serves TLS), `https` for every real one. The server's asset URLs and the
 * dashboard's delivery URLs both decide by this.
 */
export function deliveryScheme(deliveryDomain: string): 'http' | 'https' {
  const { host } = parseDeliveryDomain(deliveryDomain);
  return host === 'localhost' || host.endsWith('.localhost') ? 'http' : 'https';
}

/**
 * True when `hostname` is the delivery domain or one of its subdomains. When the delivery domain
 * names a port and `port` is given, the ports must match too (another port is another service).
 */
export function isInsideDeliveryDomain(
  hostname: string,
  deliveryDomain: string,
  port?: string,
): boolean {
  const delivery = parseDeliveryDomain(deliveryDomain);
  if (delivery.host === '') return false;
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  const inside = host === delivery.host || host.endsWith(`.${delivery.host}`);
  if (!inside) return false;
  return port === undefined || delivery.port === null || port === delivery.port;
}

/**
 * True when `hostname` is a DNS host name: at most 253 characters, labels of 1 to 63 letters,
 * numbers and inner dashes, at least `minLabels` labels, and a top-level label that is not a number.
 */
export function isValidHostname(hostname: string, minLabels = 2): boolean {
  const host = hostname.toLowerCase();
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  if (labels.length < minLabels) return false;
  if (!labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return false;
  return !/^\d+$/.test(labels[labels.length - 1] ?? '');
}

/** A custom domain: a host name (at least two labels) outside the delivery domain. */
export function customDomainSchema(deliveryDomain: string) {
  const delivery = parseDeliveryDomain(deliveryDomain).host;
  return requiredText()
    .toLowerCase()
    .superRefine((domain, ctx) => {
      let message: string | null = null;
      if (/[/:]/.test(domain)) {
        message =
          'Enter only the domain name, without https://, a port or a path, for example images.example.com.';
      } else if (!isValidHostname(domain) || parseIpv4(domain) !== null) {
        message = `${DOMAIN_MESSAGES.invalidCustomDomain} Enter a domain name such as images.example.com.`;
      } else if (isInsideDeliveryDomain(domain, deliveryDomain)) {
        message = `Custom domains must be outside ${delivery}. For an address on ${delivery}, use a subdomain.`;
      }
      if (message !== null) ctx.addIssue({ code: 'custom', message });
    });
}

export interface WebfolderUrlOptions {
  /** The delivery domain, for example `darkroom.example` or `localhost:8080`. */
  deliveryDomain: string;
  /** Lets localhost and private or loopback addresses through, for tests and local development. */
  allowPrivateOrigins?: boolean;
}

// Characters a URL path may hold as written; anything else must be percent-encoded.
const ENCODED_PATH = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;

function webfolderUrlProblem(raw: string, options: WebfolderUrlOptions): string | null {
  const allowPrivate = options.allowPrivateOrigins === true;
  if (!/^https?:\/\//i.test(raw)) {
    return 'Enter the full address of the folder, starting with https:// or http://.';
  }
  const afterScheme = raw.slice(raw.indexOf('//') + 2);
  const pathStart = afterScheme.search(/[/?#]/);
  const path = pathStart === -1 ? '' : afterScheme.slice(pathStart);
  if (!ENCODED_PATH.test(path)) {
    return 'The web folder path must be encoded: write special characters as %XX, for example a space as %20.';
  }
  // Parsers disagree on backslashes (the URL standard reads them as slashes), so refuse them.
  const url = raw.includes('\\') ? null : parseUrl(raw);
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    return `${SOURCE_MESSAGES.invalidUrl} Check the address of the folder.`;
  }
  if (url.username !== '' || url.password !== '') {
    return 'The URL cannot contain a user name or password.';
  }
  if (raw.includes('?')) return 'The URL cannot contain a query string (the part after ?).';
  if (raw.includes('#')) return 'The URL cannot contain a fragment (the part after #).';

  const localMessage = 'The URL cannot point to localhost or a local network address.';
  const privateMessage = 'The URL cannot point to a private or loopback address.';
  // The URL parser has already turned numeric hosts such as 2130706433, 0x7f000001,
  // 017700000001 and 127.1 into dotted IPv4, and IPv6 hosts keep their brackets.
  const host = url.hostname.replace(/\.$/, '');
  const isIpLiteral = host.startsWith('[') || parseIpv4(host) !== null;
  if (isIpLiteral) {
    if (!allowPrivate && isPrivateOrLoopbackIp(host)) return privateMessage;
  } else {
    if (!allowPrivate && (host === 'localhost' || /\.(?:localhost|local)$/.test(host))) {
      return localMessage;
    }
    if (!isValidHostname(host, 1)) return SOURCE_MESSAGES.invalidHostName;
    if (!allowPrivate && !host.includes('.')) return localMessage;
  }
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  if (isInsideDeliveryDomain(host, options.deliveryDomain, port)) {
    return 'The URL cannot point to a Darkroom delivery address: use the address of your own website.';
  }
  return null;
}

/**
 * webfolder_prefix, the base URL of a web folder: a valid, encoded http(s) URL without query
 * string, fragment or credentials, on a public host outside the delivery domain. Whether the
 * host resolves to a private address is the server's SSRF guard's to check.
 */
export function webfolderUrlSchema(options: WebfolderUrlOptions) {
  return requiredText().superRefine((raw, ctx) => {
    const problem = webfolderUrlProblem(raw, options);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });
}

/** An http(s) URL of a remote image (image_error and image_missing fallbacks). */
export const remoteImageUrlSchema = requiredText().superRefine((raw, ctx) => {
  const url = /^https?:\/\//i.test(raw) && !/\s/.test(raw) ? parseUrl(raw) : null;
  const ok =
    url !== null &&
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.username === '' &&
    url.password === '' &&
    url.hostname !== '';
  if (!ok) {
    ctx.addIssue({
      code: 'custom',
      message: 'Enter the full address of the image, starting with https:// or http://.',
    });
  }
});
