// The field rules of spec platform section 5, shared by the wizard, the source configuration
// screen and the server. Each schema reports one message: the first rule a value breaks.
// Rules for domains and URLs live in web-addresses.ts, the endpoint rule in endpoints.ts and the
// Azure SAS rule in azure-sas.ts.
import { z } from 'zod';
import { parseParams } from '../params/parse.ts';
import { hasBracketsOrHtml, NAME_RULE_MESSAGE } from '../names/names.ts';
import { MINUTE, SECOND, YEAR } from '../units/time.ts';
import { firstBrokenRule, optionalText, requiredText } from './base-schemas.ts';
import { REQUIRED_MESSAGE, SOURCE_MESSAGES } from './messages.ts';
import {
  AZURE_SERVICE_TYPES,
  CACHE_TTL_BEHAVIORS,
  CACHE_TTL_BEHAVIOR_LABELS,
  DEFAULT_AZURE_SERVICE_TYPE,
} from './types.ts';

const length = (min: number, max: number) => (value: string) =>
  value.length >= min && value.length <= max;

/** Storage access key: 16 to 128 letters and numbers. */
export const accessKeySchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [
      (value) => value.length >= 16,
      `${SOURCE_MESSAGES.invalidAccessKey} Access keys are at least 16 characters long.`,
    ],
    [
      (value) => value.length <= 128,
      `${SOURCE_MESSAGES.invalidAccessKey} Access keys are at most 128 characters long.`,
    ],
    [
      (value) => /^[A-Za-z0-9]+$/.test(value),
      `${SOURCE_MESSAGES.invalidAccessKey} Access keys contain only letters and numbers.`,
    ],
  ]),
);

/** Storage secret key: 16 to 80 letters, numbers and the characters + / *. */
export const secretKeySchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [
      (value) => value.length >= 16,
      `${SOURCE_MESSAGES.invalidSecretKey} Secret keys are at least 16 characters long.`,
    ],
    [
      (value) => value.length <= 80,
      `${SOURCE_MESSAGES.invalidSecretKey} Secret keys are at most 80 characters long.`,
    ],
    [
      (value) => /^[A-Za-z0-9+/*]+$/.test(value),
      `${SOURCE_MESSAGES.invalidSecretKey} Secret keys contain only letters, numbers and the characters + / *.`,
    ],
  ]),
);

/** Azure storage account name: 3 to 24 lowercase letters and numbers. */
export const azureAccountSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [
      (value) => /^[a-z0-9]{3,24}$/.test(value),
      'Storage account names are 3 to 24 characters long and contain only lowercase letters and numbers.',
    ],
  ]),
);

/**
 * Azure container or file share name: 3 to 63 characters, letters, numbers and hyphens, starting
 * and ending with a letter or number. Azure only accepts lowercase names, so uppercase letters
 * are refused here, in Azure's own wording, rather than later by Azure.
 */
export const azureContainerSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [length(3, 63), 'Container names must be 3 to 63 characters long.'],
    [
      (value) => /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(value),
      SOURCE_MESSAGES.invalidAzureBucketName,
    ],
  ]),
);

/** azure_service_type: blob (the default) or file. */
export const azureServiceTypeSchema = z
  .preprocess(
    (value) => (value === undefined || value === null || value === '' ? undefined : value),
    z.enum(AZURE_SERVICE_TYPES, { error: SOURCE_MESSAGES.invalidAzureServiceType }).optional(),
  )
  .transform((value) => value ?? DEFAULT_AZURE_SERVICE_TYPE);

const BUCKET_CHARACTERS =
  'Bucket names can contain only lowercase letters, numbers, dots (.), underscores (_) and hyphens (-).';

/** S3 bucket name: 2 to 63 lowercase letters, numbers, dots, underscores and hyphens. */
export const s3BucketSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [length(2, 63), 'Bucket names must be 2 to 63 characters long.'],
    [(value) => /^[a-z0-9._-]+$/.test(value), BUCKET_CHARACTERS],
    [(value) => !value.includes('..'), 'Bucket names cannot contain two dots in a row.'],
    [(value) => !value.startsWith('-'), 'Bucket names cannot start with a hyphen.'],
  ]),
);

/** GCS bucket name: dot-separated parts of 1 to 63 characters each, at most 222 in all. */
export const gcsBucketSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [(value) => value.length <= 222, 'Bucket names can be at most 222 characters long.'],
    [(value) => /^[a-z0-9._-]+$/.test(value), BUCKET_CHARACTERS],
    [
      (value) => value.split('.').every((part) => part.length > 0),
      'Bucket names cannot start or end with a dot or contain two dots in a row.',
    ],
    [
      (value) => value.split('.').every((part) => part.length <= 63),
      'Each dot-separated part of a bucket name can be at most 63 characters long.',
    ],
  ]),
);

/** Region: lowercased automatically; letters, numbers, hyphens and underscores, ending alphanumeric. */
export const regionSchema = requiredText()
  .toLowerCase()
  .superRefine(
    firstBrokenRule<string>([
      [
        (value) => value.length <= 63,
        `${SOURCE_MESSAGES.invalidRegion} Regions are at most 63 characters long.`,
      ],
      [
        (value) => /^[a-z0-9_-]+$/.test(value),
        `${SOURCE_MESSAGES.invalidRegion} Use the region code, for example us-east-1.`,
      ],
      [
        (value) => /[a-z0-9]$/.test(value),
        `${SOURCE_MESSAGES.invalidRegion} Regions end with a letter or a number.`,
      ],
    ]),
  );

/** Cloudflare R2 region: auto (the default) or us-east-1. */
export const R2_REGIONS = ['auto', 'us-east-1'] as const;

export const r2RegionSchema = z
  .preprocess(
    (value) =>
      value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
        ? 'auto'
        : typeof value === 'string'
          ? value.trim().toLowerCase()
          : value,
    z.enum(R2_REGIONS, { error: 'Cloudflare R2 accepts only the regions auto and us-east-1.' }),
  )
  .optional()
  .transform((value) => value ?? 'auto');

/** A path prefix inside the bucket, container or share; optional. */
export const prefixSchema = optionalText(
  z.string().max(1024, 'Prefixes can be at most 1024 characters long.'),
);

/** Request handshake: 1 to 256 characters (spec section 9). */
export const handshakeSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [(value) => value.length <= 256, 'The handshake can be at most 256 characters long.'],
  ]),
);

/** Request signing key: 1 to 32 characters (spec section 9). */
export const signingKeySchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [(value) => value.length <= 32, 'The signing key can be at most 32 characters long.'],
  ]),
);

export const MIN_TTL_SECONDS = (30 * MINUTE) / SECOND;
export const MAX_TTL_SECONDS = YEAR / SECOND;

function secondsSchema(min: number, tooShort: string, tooLong: string) {
  return z
    .number({
      error: (issue) =>
        issue.input == null || issue.input === '' ? REQUIRED_MESSAGE : 'Enter a number of seconds.',
    })
    .superRefine(
      firstBrokenRule<number>([
        [Number.isInteger, 'Enter a whole number of seconds.'],
        [(value) => value >= min, tooShort],
        [(value) => value <= MAX_TTL_SECONDS, tooLong],
      ]),
    );
}

/** Cache TTL: at least 30 minutes and at most 1 year, in whole seconds (spec sections 5 and 9). */
export const ttlSecondsSchema = secondsSchema(
  MIN_TTL_SECONDS,
  `The TTL must be at least 30 minutes (${MIN_TTL_SECONDS} seconds).`,
  `The TTL can be at most 1 year (${MAX_TTL_SECONDS} seconds).`,
);

/**
 * Error TTL: how long error responses are cached. The 30-minute floor of the cache TTL does not
 * apply (the demo source uses 300 s, spec section 9); it stays within 1 second to 1 year.
 */
export const errorTtlSecondsSchema = secondsSchema(
  1,
  'The error TTL must be at least 1 second.',
  `The error TTL can be at most 1 year (${MAX_TTL_SECONDS} seconds).`,
);

/** cache_ttl_behavior: one of default, override and minimum. */
export const cacheTtlBehaviorSchema = z.enum(CACHE_TTL_BEHAVIORS, {
  error: `Choose ${CACHE_TTL_BEHAVIOR_LABELS.default}, ${CACHE_TTL_BEHAVIOR_LABELS.override} or ${CACHE_TTL_BEHAVIOR_LABELS.minimum}.`,
});

/** A list of tags in which no tag appears twice, ignoring case. */
function uniqueTagsSchema(kind: string) {
  return z
    .array(
      z
        .string({ error: 'Tags must be text.' })
        .trim()
        .superRefine(
          firstBrokenRule<string>([
            [(tag) => tag.length > 0, 'Tags cannot be empty.'],
            [(tag) => tag.length <= 255, 'Tags can be at most 255 characters long.'],
            [(tag) => !hasBracketsOrHtml(tag), NAME_RULE_MESSAGE],
          ]),
        ),
      { error: 'Enter a list of tags.' },
    )
    .superRefine((tags, ctx) => {
      const seen = new Set<string>();
      tags.forEach((tag, index) => {
        const key = tag.toLowerCase();
        if (seen.has(key)) {
          ctx.addIssue({
            code: 'custom',
            path: [index],
            message: `Duplicate ${kind} tags are not allowed: "${tag}" is already in the list.`,
          });
        }
        seen.add(key);
      });
    });
}

/** User-defined tags: no duplicates, ignoring case (spec section 5). */
export const userTagsSchema = uniqueTagsSchema('user-defined');

/** AI-generated tags: no duplicates, ignoring case (spec section 5). */
export const aiTagsSchema = uniqueTagsSchema('AI-generated');

/** Names cannot include brackets or HTML (spec section 5); the same rule as account names. */
export const nameSchema = requiredText().superRefine(
  firstBrokenRule<string>([
    [(name) => name.length <= 120, 'Use at most 120 characters.'],
    [(name) => !hasBracketsOrHtml(name), NAME_RULE_MESSAGE],
  ]),
);

/** At least one permission group is required (spec section 5). */
export const permissionGroupsSchema = z
  .array(requiredText(), { error: 'Choose at least one permission group.' })
  .min(1, 'Choose at least one permission group.');

/** Most default parameters a source may carry; far more than any real rendering needs. */
export const MAX_DEFAULT_PARAMS = 100;
export const MAX_DEFAULT_PARAM_VALUE_LENGTH = 1024;

/**
 * default_params: parameter names (lowercase letters, digits and dashes) to string values of at
 * most 1024 characters, each a valid rendering parameter as a request would give it (editor spec
 * section 5 messages). `ch` (client hints) depends on request headers, so it cannot be a default.
 */
export const defaultParamsSchema = z
  .record(z.string(), z.unknown(), {
    error: 'Default parameters must be a map of names to values.',
  })
  .superRefine((params, ctx) => {
    const keys = Object.keys(params);
    if (keys.length > MAX_DEFAULT_PARAMS) {
      ctx.addIssue({
        code: 'custom',
        message: `A source can have at most ${MAX_DEFAULT_PARAMS} default parameters.`,
      });
    }
    for (const key of keys) {
      const value = params[key];
      let message: string | null = null;
      if (!/^[a-z0-9-]+$/.test(key)) {
        message = `"${key}" is not a parameter name: use lowercase letters, numbers and dashes.`;
      } else if (key === 'ch') {
        message =
          'The ch (client hints) parameter depends on each request, so it cannot be a default parameter.';
      } else if (typeof value !== 'string') {
        message = `The value of ${key} must be text.`;
      } else if (value.length > MAX_DEFAULT_PARAM_VALUE_LENGTH) {
        message = `The value of ${key} can be at most ${MAX_DEFAULT_PARAM_VALUE_LENGTH} characters long.`;
      } else {
        // Checked one by one so each message lands on its own entry.
        const parsed = parseParams([[key, value]]);
        message = parsed.ok ? null : (parsed.issues[0]?.message ?? null);
      }
      if (message !== null) ctx.addIssue({ code: 'custom', path: [key], message });
    }
  })
  .transform((params) => params as Record<string, string>);

/** A percentage such as 10% (an integer followed by %). */
export const percentSchema = requiredText().regex(
  /^\d+%$/,
  'Enter a whole number followed by %, for example 10%.',
);

/** A percentage or a pixel value such as 10% or 100px (an integer followed by % or px). */
export const percentOrPixelSchema = requiredText().regex(
  /^\d+(?:%|px)$/,
  'Enter a whole number followed by % or px, for example 10% or 100px.',
);

/** Upload credentials: an access key and a secret key, and never one without the other. */
export const uploadCredentialsSchema = z
  .object({
    access_key: optionalText(accessKeySchema),
    secret_key: optionalText(secretKeySchema),
  })
  .superRefine((credentials, ctx) => {
    const message = 'Upload credentials need both an access key and a secret key.';
    if (credentials.access_key === null)
      ctx.addIssue({ code: 'custom', path: ['access_key'], message });
    if (credentials.secret_key === null)
      ctx.addIssue({ code: 'custom', path: ['secret_key'], message });
  });
