import type { PlanAttributes } from '@darkroom/core';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, type ApiDocument } from './client.ts';

interface AccountPlanResource {
  type: 'account_plans';
  id: string;
  attributes: PlanAttributes;
}

const accountPlanKeys = {
  all: ['account-plan'] as const,
};

/** `GET /account/plan`: the plan every user may read; what it includes decides what is offered. */
async function getAccountPlan(signal?: AbortSignal): Promise<PlanAttributes> {
  const document = await apiFetch<ApiDocument<AccountPlanResource>>('/account/plan', { signal });
  return document.data.attributes;
}

export function useAccountPlanQuery() {
  return useQuery({
    queryKey: accountPlanKeys.all,
    queryFn: ({ signal }) => getAccountPlan(signal),
  });
}

/**
 * Whether the plan includes secure URLs: paid plans do (the server's billing/secure-url-gate.ts
 * draws the same line); undefined while the plan is loading.
 */
export function useSecureUrlsIncluded(): boolean | undefined {
  const plan = useAccountPlanQuery();
  return plan.data === undefined ? undefined : (plan.data.base_price ?? 0) > 0;
}
