import { useCallback } from 'react';
import { usePortalSession } from '../../api/billing.ts';
import { redirectTo } from '../../app/redirect.ts';
import { toast } from '../../ui/index.ts';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { BILLING_EVENTS } from './billing-events.ts';
import { track } from '../../analytics/track.ts';

/** Where the browser goes for a portal URL: in-app for Darkroom's own page, a full load otherwise. */
function portalDestination(
  url: string,
  origin = window.location.origin,
): { kind: 'app'; path: string } | { kind: 'external'; url: string } {
  const target = new URL(url, origin);
  if (target.origin === origin && !target.pathname.startsWith('/api/')) {
    return { kind: 'app', path: `${target.pathname}${target.search}${target.hash}` };
  }
  return { kind: 'external', url: target.href };
}

/**
 * Opens the customer portal (spec section 7: `POST customer-portal-sessions`): Stripe's when the
 * server has it configured, otherwise Darkroom's own page. The customer returns to where they were.
 */
export function useOpenPortal() {
  const portal = usePortalSession();
  const { mutateAsync } = portal;
  const open = useCallback(async () => {
    try {
      const session = await mutateAsync(window.location.href);
      track(BILLING_EVENTS.customerPortalOpened);
      const destination = portalDestination(session.url);
      if (destination.kind === 'app') redirectTo(destination.path);
      else window.location.assign(destination.url);
    } catch (error) {
      toast.error('Could not open billing management', { description: errorMessageOf(error) });
    }
  }, [mutateAsync]);
  return { open, opening: portal.isPending };
}
