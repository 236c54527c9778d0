import { describe, expect, it } from 'vitest';
import {
  includedBy,
  minimalPermissions,
  needsPermissionText,
  permissionLabels,
} from './permissions.utils.ts';

describe('needsPermissionText', () => {
  it('names the group and who grants it, with or without the action', () => {
    expect(needsPermissionText('billing')).toBe(
      'Needs the Billing permission group — ask an Account Admin.',
    );
    expect(needsPermissionText('asset_manager_edit', 'Uploading files')).toBe(
      'Uploading files needs the Asset Manager Edit permission group — ask an Account Admin.',
    );
  });
});

describe('includedBy', () => {
  it('finds Account Admin first, then Asset Manager Edit for Browse', () => {
    expect(includedBy(['account_admin', 'billing'], 'billing')).toBe('account_admin');
    expect(includedBy(['asset_manager_edit'], 'asset_manager_browse')).toBe('asset_manager_edit');
    expect(includedBy(['account_admin', 'asset_manager_edit'], 'asset_manager_browse')).toBe(
      'account_admin',
    );
  });

  it('is null for a group nothing else chosen includes, and for a group itself', () => {
    expect(includedBy(['billing', 'sources'], 'billing')).toBeNull();
    expect(includedBy(['account_admin'], 'account_admin')).toBeNull();
    expect(includedBy(['asset_manager_browse'], 'asset_manager_edit')).toBeNull();
  });
});

describe('minimalPermissions', () => {
  it('drops the groups another one includes, in the catalogue order', () => {
    expect(minimalPermissions(['billing', 'account_admin', 'purge'])).toEqual(['account_admin']);
    expect(minimalPermissions(['asset_manager_browse', 'asset_manager_edit', 'purge'])).toEqual([
      'purge',
      'asset_manager_edit',
    ]);
    expect(minimalPermissions([])).toEqual([]);
  });
});

describe('permissionLabels', () => {
  it('joins the readable labels', () => {
    expect(permissionLabels(['sources', 'asset_manager_browse'])).toBe(
      'Sources, Asset Manager Browse',
    );
  });
});
