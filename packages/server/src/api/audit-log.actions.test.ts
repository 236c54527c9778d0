import { isAuditAction } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from './audit-log.ts';

describe('audit actions', () => {
  it('has a dashboard label for every action the log records', () => {
    // A new audited route needs its words in core's AUDIT_ACTION_LABELS, for the dashboard.
    expect(AUDIT_ACTIONS.filter((action) => !isAuditAction(action))).toEqual([]);
  });
});
