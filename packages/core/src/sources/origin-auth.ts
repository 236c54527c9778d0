// Origin request authentication of web folder and web proxy sources (spec platform sections 3, 5
// and 8; the three schemes imgix documents for these sources): Basic authentication, a custom
// header (the "request handshake") and a per-request signature made with the "request signing
// key". One schema checks the dashboard's form and the API's body alike.
import { z } from 'zod';
import { firstBrokenRule, requiredText } from './base-schemas.ts';
import { handshakeSchema, signingKeySchema } from './rules.ts';
import type { SourceType } from './types.ts';

/** The source types whose origin is a web server that may ask Darkroom to authenticate. */
export const ORIGIN_AUTH_SOURCE_TYPES = ['webfolder', 'webproxy'] as const satisfies SourceType[];

export function takesOriginAuth(type: string): boolean {
  return (ORIGIN_AUTH_SOURCE_TYPES as readonly string[]).includes(type);
}

/** The headers of the per-request signature (docs/origin-authentication.md). */
export const ORIGIN_SIGNATURE_HEADERS = {
  signature: 'X-Darkroom-Signature',
  host: 'X-Darkroom-Host',
  requestId: 'X-Darkroom-Request-Id',
  timestamp: 'X-Darkroom-Timestamp',
} as const;

/** What a secret looks like once the server has masked it ("••••" and perhaps its last 4). */
export const MASKED_SECRET_PREFIX = '••••';

/** Whether a secret input means "keep the stored value": left empty, or sent back masked. */
export function keepsStoredOriginSecret(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && (value.trim() === '' || value.startsWith(MASKED_SECRET_PREFIX)))
  );
}

// RFC 9110 section 5.6.2: a field name is a token.
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 section 5.5: a field value is visible characters, spaces and tabs; never CR or LF,
// which would split the request. Only ASCII, as other bytes are read differently by servers.
const FIELD_VALUE = /^[\t -~]*$/;
const VALUE_CHARACTERS =
  'Use only letters, numbers, spaces and the punctuation of a US keyboard: no accents or line breaks.';

/**
 * Headers Darkroom sets itself or that change how the request is framed or routed: a custom
 * header may not replace them.
 */
const RESERVED_HEADER_NAMES = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'keep-alive',
  'range',
  'expect',
]);

function reservedHeaderName(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    RESERVED_HEADER_NAMES.has(lower) ||
    lower.startsWith('proxy-') ||
    lower.startsWith('x-darkroom-')
  );
}

/** The Basic authentication user name (RFC 7617 section 2: the user-id has no colon). */
export const basicUsernameSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [(value) => value.length <= 256, 'The user name can be at most 256 characters long.'],
    [(value) => !value.includes(':'), 'The user name cannot contain a colon (:).'],
    [(value) => FIELD_VALUE.test(value), VALUE_CHARACTERS],
  ]),
);

export const basicPasswordSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [(value) => value.length <= 256, 'The password can be at most 256 characters long.'],
    [(value) => FIELD_VALUE.test(value), VALUE_CHARACTERS],
  ]),
);

export const customHeaderNameSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [(value) => value.length <= 64, 'The header name can be at most 64 characters long.'],
    [
      (value) => TOKEN.test(value),
      "Header names contain only letters, numbers, hyphens and the characters ! # $ % & ' * + . ^ _ ` | ~.",
    ],
    [
      (value) => !reservedHeaderName(value),
      'Darkroom sets this header itself. Choose another name, such as X-Origin-Token.',
    ],
  ]),
);

/** The handshake: the custom header's value, 1 to 256 characters (spec platform section 5). */
export const customHeaderValueSchema = handshakeSchema.superRefine(
  firstBrokenRule<string>([[(value) => FIELD_VALUE.test(value), VALUE_CHARACTERS]]),
);

/**
 * A secret of a PUT: left out, empty or sent back masked keeps the stored value (`undefined`
 * here); anything else must pass `schema`.
 */
function replaceableSecret<T extends z.ZodType<string, string>>(schema: T) {
  return z.preprocess(
    (value) => (keepsStoredOriginSecret(value) ? undefined : value),
    schema.optional(),
  );
}

/**
 * `PUT /sources/{id}/origin-authentication`: each scheme left out stays as it is, `null` turns
 * it off. Secrets are replace-only. `test_path` is what the check fetches with the new headers
 * before they are saved: a file's path below a web folder's base URL, or a web proxy's whole
 * image URL.
 */
export const originAuthUpdateSchema = z
  .strictObject({
    basic_auth: z
      .strictObject({
        username: basicUsernameSchema,
        password: replaceableSecret(basicPasswordSchema),
      })
      .nullable()
      .optional(),
    custom_header: z
      .strictObject({
        name: customHeaderNameSchema,
        value: replaceableSecret(customHeaderValueSchema),
      })
      .nullable()
      .optional(),
    signing_key: z
      .preprocess(
        (value) => (value !== null && keepsStoredOriginSecret(value) ? undefined : value),
        signingKeySchema.nullable().optional(),
      )
      .describe('The request signing key, 1 to 32 characters; null turns signing off.'),
    test_path: z
      .string({ error: 'Enter the path of a file the origin serves.' })
      .trim()
      .max(2048, 'The test file can be at most 2048 characters long.')
      .optional(),
  })
  .superRefine((value, ctx) => {
    // Basic authentication is the Authorization header: a custom one would replace it.
    if (
      value.basic_auth != null &&
      value.custom_header != null &&
      value.custom_header.name.toLowerCase() === 'authorization'
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['custom_header', 'name'],
        message:
          'Basic authentication sends the Authorization header. Turn it off, or choose another header name.',
      });
    }
  });

export type OriginAuthUpdate = z.output<typeof originAuthUpdateSchema>;

/** `origin_authentications` attributes as the API answers them: secrets masked. */
export interface OriginAuthAttributes {
  basic_auth: { username: string; password: string } | null;
  custom_header: { name: string; value: string } | null;
  /** Masked. */
  signing_key: string | null;
}

/** Whether any scheme is on. */
export function originAuthEnabled(attributes: OriginAuthAttributes): boolean {
  return (
    attributes.basic_auth !== null ||
    attributes.custom_header !== null ||
    attributes.signing_key !== null
  );
}
