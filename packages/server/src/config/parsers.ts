import { isIP } from 'node:net';
import path from 'node:path';
import {
  capabilityList,
  isCapabilityName,
  isPrivateOrLoopbackIp,
  MIN_PASSWORD_LENGTH,
  unknownCapabilityMessage,
  type CapabilityName,
} from '@darkroom/core';
import { z } from 'zod';

// Each parser reads the text of one environment variable that is set and not empty (setting.ts
// applies the default otherwise). Their messages become the lines of ConfigError, after the name.

/** The text as given, spaces and all. */
export const verbatimText = z.string();

export const trimmedText = z.string().trim();

/** A path, resolved against the directory the server was started in. */
export const localPath = z.string().transform((value) => path.resolve(value));

export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number between ${min} and ${max}`)
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));

export const flag = z
  .string()
  .toLowerCase()
  .pipe(z.enum(['1', '0', 'true', 'false', 'yes', 'no'], 'must be 1, 0, true or false'))
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** An http(s) origin with an optional path prefix, kept without its trailing slash. */
export const publicBaseUrl = httpUrl
  .refine((value) => {
    const url = new URL(value);
    return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  }, 'must be an http:// or https:// address without a query, fragment or credentials')
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * An OpenID Connect issuer: https, as OpenID Connect Discovery 1.0 section 3 requires of an
 * issuer identifier. Plain http is read only for a loopback or private address (a provider on
 * this machine or network, in tests); it is then used only with ALLOW_PRIVATE_ORIGINS.
 */
export const oidcIssuerUrl = httpUrl
  .refine((value) => {
    const url = new URL(value);
    if (url.protocol === 'https:') return true;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || (isIP(host) !== 0 && isPrivateOrLoopbackIp(host));
  }, 'must be an https:// URL (http:// only for a loopback or private address)')
  .transform((value) => new URL(value));

/** A short name shown on a button, such as the single sign-on provider's. */
export const providerLabel = z.string().trim().min(1).max(40);

export const postgresUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL');

export const emailAddress = z.email('must be an email address').toLowerCase();

/** An SMTP server as nodemailer reads it: smtp:// (STARTTLS when offered) or smtps:// (TLS). */
export const smtpUrl = z.url({
  protocol: /^smtps?$/,
  error: 'must be an smtp:// or smtps:// URL, e.g. smtp://user:password@mail.example.com:587',
});

/**
 * A sender as a mail header writes it: `Name <address>` or a bare address. The domain may be a
 * single label (`no-reply@localhost`), which stricter email checks refuse.
 */
export const mailbox = z
  .string()
  .trim()
  .regex(
    /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/,
    'must be an email address, optionally with a name: `Darkroom <no-reply@example.com>`',
  );

export const accountPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must have at least ${MIN_PASSWORD_LENGTH} characters`);

/** A host name with an optional port, as it appears after `http://{subdomain}.`. */
export const hostAndPort = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9.-]+(:\d{1,5})?$/,
    'must be a host name with an optional port, without a scheme or path',
  );

export const modelName = z.string().trim().min(1).max(200);

export const stripeSecretKey = z
  .string()
  .trim()
  .regex(/^(sk|rk)_/, 'must be a Stripe secret key');

/**
 * A secret a client sends as a bearer token: RFC 6750 section 2.1's b64token characters (what
 * the header can carry as written), long enough not to be guessed.
 */
export const bearerSecret = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._~+/-]+=*$/, 'may hold only A-Z, a-z, 0-9 and - . _ ~ + /, then = padding')
  .min(16, 'must be at least 16 characters long (e.g. `openssl rand -hex 32`)');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const logLevel = z.string().toLowerCase().pipe(z.enum(LOG_LEVELS));

/** A 32-byte key written as 64 hex digits or as base64 (or base64url); null otherwise. */
export function parseSecretKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}={0,2}$/.test(text)) return null;
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === 32 ? key : null;
}

/** DARKROOM_SECRET_KEY: the key that encrypts storage secrets at rest. */
export const encryptionKey = z
  .string()
  .trim()
  .transform((value, context) => {
    const key = parseSecretKey(value);
    if (key === null) {
      context.addIssue({
        code: 'custom',
        message: 'must be 32 bytes written as base64 or as 64 hex digits',
      });
      return z.NEVER;
    }
    return key;
  });

type TrustProxy = boolean | string[];

/** `true`/`false` (or 1/0, yes/no), or the comma-separated addresses of the trusted proxies. */
export const trustProxy = z.string().transform((value): TrustProxy => {
  const lowered = value.trim().toLowerCase();
  if (['1', 'true', 'yes'].includes(lowered)) return true;
  if (['0', 'false', 'no'].includes(lowered)) return false;
  return value
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address.length > 0);
});

/** DEFAULT_CAPABILITIES: 'all', 'none' or the capabilities listed, in the spec order, once each. */
export const capabilitySelection = z
  .string()
  .trim()
  .regex(/^(all|none|[a-z_]+(\s*,\s*[a-z_]+)*)$/, {
    error: 'must be all, none, or a comma list of capability names',
    abort: true,
  })
  .superRefine((selection, context) => {
    if (selection === 'all' || selection === 'none') return;
    for (const name of selection.split(',').map((part) => part.trim())) {
      if (!isCapabilityName(name)) {
        context.addIssue({ code: 'custom', message: unknownCapabilityMessage(name) });
      }
    }
  })
  .transform((selection): 'all' | 'none' | readonly CapabilityName[] =>
    selection === 'all' || selection === 'none'
      ? selection
      : capabilityList(selection.split(',').map((name) => name.trim())),
  );

/** Where Darkroom keeps the files it creates: an S3-protocol bucket and an optional key prefix. */
export interface ObjectStoreLocation {
  bucket: string;
  /** Key prefix without leading or trailing slash; '' for the bucket's root. */
  prefix: string;
}

/** `s3://bucket` or `s3://bucket/prefix/...` (the form the AWS CLI and rclone take). */
export const objectStoreUrl = z
  .string()
  .trim()
  .regex(
    // Bucket names per the S3 naming rules: 3-63 lowercase letters, digits, dots and hyphens.
    /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[^\s]*)?$/,
    'must be s3://bucket or s3://bucket/prefix',
  )
  .transform((value): ObjectStoreLocation => {
    const rest = value.slice('s3://'.length);
    const slash = rest.indexOf('/');
    const bucket = slash === -1 ? rest : rest.slice(0, slash);
    const prefix = slash === -1 ? '' : rest.slice(slash + 1).replace(/^\/+|\/+$/g, '');
    return { bucket, prefix };
  });

/** The CDN APIs a purge can be sent to. */
export const CDN_PURGE_PROVIDERS = ['varnish', 'fastly', 'cloudflare'] as const;
export type CdnPurgeProvider = (typeof CDN_PURGE_PROVIDERS)[number];

export const cdnPurgeProvider = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(CDN_PURGE_PROVIDERS, 'must be varnish, fastly or cloudflare'));

/** Comma-separated http(s) URLs, each checked, at least one. */
export const httpUrlList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part.length > 0),
  )
  .pipe(z.array(httpUrl).min(1, 'must list at least one http:// or https:// URL'));

/** `auto` (one per CPU core) or a whole number of server processes. */
export const workerCount = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(auto|\d+)$/, 'must be auto or a whole number between 1 and 256')
  .transform((value) => (value === 'auto' ? ('auto' as const) : Number(value)))
  .refine((value) => value === 'auto' || (value >= 1 && value <= 256), {
    message: 'must be auto or a whole number between 1 and 256',
  });
