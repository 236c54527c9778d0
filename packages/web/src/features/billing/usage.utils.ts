import type { ParsedPlan } from '@darkroom/core';
import type { AccountUsage } from '../../api/billing.ts';
import { usageMeter } from './billing.utils.ts';
import type { UsageRow } from './usage-meters.tsx';

/** One meter per allowance the server meters: this period's traffic and what the account holds. */
export function usageRows(plan: ParsedPlan, usage: AccountUsage): UsageRow[] {
  return [
    {
      key: 'bandwidth',
      label: 'Bandwidth',
      meter: usageMeter(usage.bandwidthBytes, plan.bandwidthIncluded, 'bytes'),
    },
    {
      key: 'origin_images',
      label: 'Origin images',
      meter: usageMeter(usage.originImages, plan.originImagesIncluded, 'count'),
    },
    {
      key: 'sources',
      label: 'Sources',
      meter: usageMeter(usage.sources, plan.sourcesIncluded, 'count'),
    },
    { key: 'users', label: 'Users', meter: usageMeter(usage.users, plan.usersIncluded, 'count') },
  ];
}
