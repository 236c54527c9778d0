import { effectivePermissions } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { initialsOf, navGroupsFor } from './layout.utils.ts';

const ALL = effectivePermissions(['account_admin']);

describe('navGroupsFor', () => {
  it('lists the product areas, each a link', () => {
    const [product, ...rest] = navGroupsFor({ admin: false, permissions: ALL });
    expect(rest).toEqual([]);
    expect(product?.items.map((item) => [item.label, item.kind])).toEqual([
      ['Sources', 'link'],
      ['Assets', 'link'],
      ['Analytics', 'link'],
      ['Purge', 'link'],
      ['Billing', 'link'],
      ['Users', 'link'],
      ['API keys', 'link'],
      ['Audit log', 'link'],
    ]);
  });

  it('locks the areas whose permission group the session lacks, naming the group', () => {
    const [product] = navGroupsFor({ admin: false, permissions: ['sources', 'billing'] });
    expect(product?.items).toEqual([
      { kind: 'link', label: 'Sources', to: '/sources', icon: 'sources' },
      { kind: 'locked', label: 'Assets', icon: 'assets', needs: 'asset_manager_browse' },
      { kind: 'locked', label: 'Analytics', icon: 'analytics', needs: 'analytics' },
      { kind: 'locked', label: 'Purge', icon: 'purges', needs: 'purge' },
      { kind: 'link', label: 'Billing', to: '/billing', icon: 'billing' },
      { kind: 'locked', label: 'Users', icon: 'users', needs: 'account_admin' },
      { kind: 'locked', label: 'API keys', icon: 'api-keys', needs: 'account_admin' },
      { kind: 'locked', label: 'Audit log', icon: 'audit-log', needs: 'account_admin' },
    ]);
  });

  it('opens Assets to Asset Manager Edit, which includes Browse', () => {
    const [product] = navGroupsFor({ admin: false, permissions: ['asset_manager_edit'] });
    expect(product?.items[1]).toEqual({
      kind: 'link',
      label: 'Assets',
      to: '/assets',
      icon: 'assets',
    });
  });

  it('locks nothing while the groups are not known yet', () => {
    const [product] = navGroupsFor({ admin: false, permissions: null });
    expect(product?.items.every((item) => item.kind === 'link')).toBe(true);
  });

  it('adds an admin group with the admin pages for admins', () => {
    const admin = navGroupsFor({ admin: true, permissions: ALL })[1];
    expect(admin?.label).toBe('Admin');
    expect(admin?.items).toEqual([
      { kind: 'link', label: 'Admin: users', to: '/admin/users', icon: 'admin-users' },
      { kind: 'link', label: 'Admin: accounts', to: '/admin/accounts', icon: 'admin-accounts' },
      {
        kind: 'link',
        label: 'Admin: audit log',
        to: '/admin/audit-log',
        icon: 'admin-audit-log',
      },
      {
        kind: 'link',
        label: 'Admin: experiments',
        to: '/admin/experiments',
        icon: 'admin-experiments',
      },
      { kind: 'link', label: 'UI gallery', to: '/ui', icon: 'ui-gallery' },
    ]);
  });
});

describe('initialsOf', () => {
  it('takes the first and last initials of a name', () => {
    expect(initialsOf('Ada King Lovelace')).toBe('AL');
    expect(initialsOf('grace')).toBe('G');
  });

  it('takes one initial from an email and a placeholder from nothing', () => {
    expect(initialsOf('ada@example.com')).toBe('A');
    expect(initialsOf(undefined)).toBe('?');
    expect(initialsOf('  ')).toBe('?');
  });
});
