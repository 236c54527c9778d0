import { ArrowUpRight, CircleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { usePermission } from '../../app/permissions.ts';
import { needsPermissionText } from '../permissions/permissions.utils.ts';
import { trackPaywallClicked, trackPaywallShown, type LimitedFeature } from './billing-events.ts';
import { UPGRADE_PATH } from './plan-limit.utils.ts';

/**
 * A request refused by the plan's limit (sources_included or users_included, spec platform
 * section 3 'Billing price'): the server's reason and the way to a plan that allows more. Lives
 * outside the lazy billing chunk's pages, so forms import it.
 */
export function PlanLimitNotice({
  feature,
  message,
}: {
  feature: LimitedFeature;
  message: string;
}) {
  // Changing the plan is the Billing group's (spec section 5): others learn whom to ask.
  const canUpgrade = usePermission('billing');
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    trackPaywallShown(feature);
  }, [feature]);

  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
      <div className="space-y-1">
        <p>{message}</p>
        {canUpgrade ? (
          <Link
            to={UPGRADE_PATH}
            onClick={() => trackPaywallClicked(feature)}
            className="inline-flex items-center gap-1 font-medium text-red-900 underline hover:no-underline"
          >
            Upgrade your plan
            <ArrowUpRight aria-hidden="true" className="size-4" />
          </Link>
        ) : (
          <p>{needsPermissionText('billing', 'Upgrading the plan')}</p>
        )}
      </div>
    </div>
  );
}
