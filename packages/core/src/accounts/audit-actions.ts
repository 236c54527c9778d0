// The actions of the account audit log, in plain words for the dashboard. The server decides
// which requests are recorded (packages/server/src/api/audit-log.ts); each action it records
// has a label here, which a server test checks, so the log never shows a bare code.

/** What the dashboard calls each recorded action, in the past tense of the actor. */
export const AUDIT_ACTION_LABELS = {
  sign_in: 'Signed in',
  'sign_in.failed': 'Failed to sign in',
  'sign_in.locked': 'Locked out after failed sign-ins',
  sign_out: 'Signed out',
  'api_key.created': 'Created an API key',
  'api_key.revoked': 'Revoked an API key',
  'api_key.used': 'Used an API key',
  'user.added': 'Added a user',
  'user.updated': 'Changed a user',
  'user.removed': 'Removed a user',
  'user.invitation_sent': 'Sent an invitation',
  'user.invitation_accepted': 'Accepted an invitation',
  'user.password_reset_requested': 'Asked for a password reset',
  'user.password_reset': 'Reset a password',
  'source.created': 'Created a source',
  'source.updated': 'Changed a source',
  'source.token_rotated': 'Rotated a secure URL token',
  'source.deleted': 'Deleted a source',
  'asset.deleted': 'Deleted an asset',
  'source.origin_auth_changed': 'Changed origin authentication',
  'source.upload_credentials_added': 'Added upload credentials',
  'source.upload_credentials_replaced': 'Replaced upload credentials',
  'source.upload_credentials_removed': 'Removed upload credentials',
  'purge.requested': 'Requested a purge',
  'billing.subscription_changed': 'Changed the plan',
  'billing.subscription_cancelled': 'Cancelled the subscription',
  'billing.portal_opened': 'Opened the billing portal',
  'billing.period_closed': 'Closed a billing period',
  'billing.invoice_settled': 'Settled an invoice',
  'impersonation.started': 'Started impersonating a user',
  'account.created': 'Created the account',
  'account.capabilities_changed': 'Changed the account’s capabilities',
  'account.sso_changed': 'Changed the single sign-on requirement',
} as const satisfies Record<string, string>;

export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;

/** Every labelled action, in the order the filter lists them. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as AuditAction[];

export function isAuditAction(action: string): action is AuditAction {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action);
}

/**
 * An action in plain words. One recorded by a newer server than this dashboard still reads as
 * words: `source.token_rotated` becomes "Source token rotated".
 */
export function auditActionLabel(action: string): string {
  if (isAuditAction(action)) return AUDIT_ACTION_LABELS[action];
  const words = action.replace(/[._]+/g, ' ').trim();
  return words ? `${words[0]?.toUpperCase()}${words.slice(1)}` : action;
}
