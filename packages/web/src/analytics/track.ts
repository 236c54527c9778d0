import type { AnalyticsEventInput } from '@darkroom/core';
import { postEvent } from '../api/events.ts';
import { getSession } from '../app/session.ts';

export type EventProperties = NonNullable<AnalyticsEventInput['properties']>;

/** The dashboard's analytics event names. */
export const EVENTS = {
  signedUp: 'Signed Up',
  signedIn: 'Signed In',
  userAdded: 'User Added',
} as const;

/**
 * Records a dashboard analytics event, fire-and-forget: tracking never blocks or breaks the UI.
 * Impersonating sessions never send (spec platform section 6): an admin's clicks are not the user's.
 */
export function track(name: string, properties: EventProperties = {}): void {
  if (getSession()?.impersonating) return;
  postEvent({ name, properties })
    .then((result) => {
      if (!result.ok) console.warn(`Analytics event "${name}" was not recorded: ${result.message}`);
    })
    .catch((error: unknown) => {
      console.warn(`Analytics event "${name}" was not recorded`, error);
    });
}
