import { errorWithCode } from '../../api/client.ts';

/** Where an upgrade starts: the plan comparison. */
export const UPGRADE_PATH = '/billing/plans';

export interface PlanLimit {
  /** The server's reason without the bare path, e.g. "Your Free plan includes 1 source." */
  message: string;
}

// The server names the upgrade page in the error's detail ("... to add more: /billing/plans"),
// so a client without this screen still tells the user where to go; here it becomes a link.
const TRAILING_PATH = new RegExp(`[:\\s]*${UPGRADE_PATH.replaceAll('/', '\\/')}\\s*$`);

/**
 * The plan limit a failed request ran into (a used-up allowance of sources or users, spec platform
 * section 3), or null for any other failure.
 */
export function planLimitOf(error: unknown): PlanLimit | null {
  const refusal = errorWithCode(error, 'plan_limit_reached');
  if (!refusal) return null;
  const message = refusal.detail.replace(TRAILING_PATH, '').trim();
  return { message: /[.!?]$/.test(message) ? message : `${message}.` };
}
