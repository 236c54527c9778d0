import { MAX_API_KEY_LIFETIME_MS, newApiKeySchema, PERMISSION_GROUPS } from '@darkroom/core';
import { z } from 'zod';
import type { NewApiKeyValues } from '../../api/api-keys.ts';
import { localDayOf, localDayStart, nextLocalDay } from '../lists/local-day.utils.ts';
import { minimalPermissions } from '../permissions/permissions.utils.ts';

/**
 * The new-key form: the API's own rules for the name, at least one group, and an expiry day
 * typed as a date. A key stops working when its expiry day starts in the creator's time zone,
 * so the earliest day is tomorrow and the latest five years ahead (the API's limit).
 */
export const apiKeyFormSchema = z
  .object({
    name: newApiKeySchema.shape.name,
    // Worded for a key: the API's own message speaks of users.
    permissions: z
      .array(z.enum(PERMISSION_GROUPS))
      .min(1, 'Give the key at least one permission group'),
    /** YYYY-MM-DD, or empty for a key that never expires. */
    expires_on: z.string().superRefine((day, context) => {
      if (day === '') return;
      const start = localDayStart(day);
      if (start === null) context.addIssue({ code: 'custom', message: 'Enter a date' });
      else if (start <= Date.now()) {
        context.addIssue({ code: 'custom', message: 'Choose a day after today' });
      } else if (start > Date.now() + MAX_API_KEY_LIFETIME_MS) {
        context.addIssue({ code: 'custom', message: 'Choose a day within five years' });
      }
    }),
  })
  .transform(({ name, permissions, expires_on }): NewApiKeyValues => ({
    name,
    // Only the groups that stand on their own, as the Users page saves them.
    permissions: minimalPermissions(permissions),
    date_expires: expires_on === '' ? null : localDayStart(expires_on),
  }));

export type ApiKeyFormInput = z.input<typeof apiKeyFormSchema>;

/** The days the expiry input offers: tomorrow up to five years ahead. */
export function expiryDayBounds(now: number = Date.now()): { min: string; max: string } {
  const today = localDayOf(now);
  return {
    min: nextLocalDay(today) ?? today,
    max: localDayOf(now + MAX_API_KEY_LIFETIME_MS),
  };
}
