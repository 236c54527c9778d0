import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client.ts';
import { planLimitOf } from './plan-limit.utils.ts';

function refusal(detail: string, code = 'plan_limit_reached', status = 403) {
  return new ApiRequestError({
    ok: false,
    status,
    message: detail,
    data: { errors: [{ status: String(status), code, title: 'Forbidden', detail }] },
  });
}

describe('planLimitOf', () => {
  it('reads the plan limit and drops the bare upgrade path the link replaces', () => {
    const error = refusal(
      'Your Free plan includes 1 source. Upgrade your plan to add more: /billing/plans',
    );
    expect(planLimitOf(error)).toEqual({
      message: 'Your Free plan includes 1 source. Upgrade your plan to add more.',
    });
  });

  it('is null for refusals that are not about the plan', () => {
    expect(planLimitOf(refusal('You cannot do that.', 'forbidden'))).toBeNull();
    // A detail that happens to name the page is not a plan limit: the code says what failed.
    expect(planLimitOf(refusal('See /billing/plans', 'forbidden'))).toBeNull();
    expect(planLimitOf(new Error('/billing/plans'))).toBeNull();
  });
});
