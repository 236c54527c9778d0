import { z } from 'zod';
import { nameRule } from '../names/names.ts';
import { userPermissionsSchema } from './permissions.ts';

/** Passwords shorter than this are rejected as weak (422 weak_password). */
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 256;

export const personNameSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(120, 'Use at most 120 characters')
  .check(nameRule());

export const companySchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(120, 'Use at most 120 characters')
  .check(nameRule());

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'This field is required')
  .max(254, 'Use at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .transform((email) => email.toLowerCase());

export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters`);

/** Attributes of `POST /api/v4/accounts` and of the sign-up form. */
export const signUpSchema = z.object({
  company: companySchema,
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** Attributes of `POST /api/v4/sessions` and of the sign-in form. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'This field is required').max(MAX_PASSWORD_LENGTH),
});
export type SignInInput = z.input<typeof signInSchema>;

/**
 * The groups a teammate added without any holds: the narrowest, so that forgetting to choose
 * never hands out more than browsing (platform spec section 5).
 */
export const DEFAULT_TEAMMATE_PERMISSIONS = ['asset_manager_browse'] as const;

/**
 * Attributes of `POST /api/v4/users` (a teammate) and of the add-user form. Without a password
 * the teammate is invited by email and chooses their own; a password set by the adder is kept
 * for scripts and imports.
 */
export const newUserSchema = z.object({
  name: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema.optional(),
  permissions: userPermissionsSchema.default([...DEFAULT_TEAMMATE_PERMISSIONS]),
});
export type NewUserInput = z.input<typeof newUserSchema>;

/** Attributes of `PATCH /api/v4/users/{id}`: a teammate's name and permission groups. */
export const userPatchSchema = z
  .object({
    name: personNameSchema.optional(),
    permissions: userPermissionsSchema.optional(),
  })
  .strict();
export type UserPatchInput = z.input<typeof userPatchSchema>;

/** Attributes of `POST /api/v4/admin/impersonations`. */
export const impersonationSchema = z.object({
  user_id: z.string().regex(/^[0-9a-f]{24}$/, 'Enter a valid user id'),
});

/** More properties than any dashboard event carries; each event is one row of the log. */
const MAX_EVENT_PROPERTIES = 50;

/** Attributes of `POST /api/v4/events` (dashboard analytics events, spec section 7). */
export const analyticsEventSchema = z.object({
  name: z.string().trim().min(1).max(100),
  properties: z
    .record(z.string().max(100), z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]))
    .refine(
      (properties) => Object.keys(properties).length <= MAX_EVENT_PROPERTIES,
      `An event has at most ${MAX_EVENT_PROPERTIES} properties.`,
    )
    .default({}),
});
export type AnalyticsEventInput = z.input<typeof analyticsEventSchema>;

/** Keys look unlike session tokens (`drk_`), so a leaked one is recognised as a key. */
export const API_KEY_PREFIX = 'drk_key_';

/** How many API keys an account holds at most: imgix's limit. */
export const MAX_API_KEYS = 20;

/** The longest an API key may be valid for when it is given an expiry. */
export const MAX_API_KEY_LIFETIME_MS = 5 * 365 * 24 * 60 * 60 * 1000;

/** Attributes of `POST /api/v4/api-keys`: a label, its groups, and an optional expiry. */
export const newApiKeySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'This field is required')
      .max(120, 'Use at most 120 characters')
      .check(nameRule()),
    permissions: userPermissionsSchema,
    /** Milliseconds since the epoch, as every date of the API; null or absent: never. */
    date_expires: z
      .number()
      .int()
      .refine((at) => at > Date.now(), 'Choose a moment in the future')
      .refine(
        (at) => at <= Date.now() + MAX_API_KEY_LIFETIME_MS,
        'Choose a moment within five years',
      )
      .nullable()
      .optional(),
  })
  .strict();
export type NewApiKeyInput = z.input<typeof newApiKeySchema>;
