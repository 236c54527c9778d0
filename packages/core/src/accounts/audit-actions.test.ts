import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionLabel, isAuditAction } from './audit-actions.ts';

describe('auditActionLabel', () => {
  it('names a known action in plain words', () => {
    expect(auditActionLabel('api_key.created')).toBe('Created an API key');
    expect(auditActionLabel('sign_in.failed')).toBe('Failed to sign in');
  });

  it('turns an action it has no label for into words rather than a code', () => {
    expect(auditActionLabel('domain.verified')).toBe('Domain verified');
    expect(auditActionLabel('webhook_secret.rotated')).toBe('Webhook secret rotated');
  });

  it('does not take inherited properties for actions', () => {
    expect(isAuditAction('constructor')).toBe(false);
    expect(auditActionLabel('toString')).toBe('ToString');
  });
});

describe('AUDIT_ACTIONS', () => {
  it('lists every labelled action once', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(AUDIT_ACTIONS).toContain('api_key.used');
  });
});
