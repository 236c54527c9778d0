import { describe, expect, it } from 'vitest';
import { initialsOf, navGroupsFor } from './layout.utils.ts';

describe('navGroupsFor', () => {
  it('lists the product areas, each a link', () => {
    const [product, ...rest] = navGroupsFor({ admin: false });
    expect(rest).toEqual([]);
    expect(product?.items.map((item) => [item.label, item.kind])).toEqual([
      ['Sources', 'link'],
      ['Assets', 'link'],
      ['Analytics', 'link'],
      ['Billing', 'link'],
      ['Users', 'link'],
    ]);
  });

  it('adds an admin group with the admin pages for admins', () => {
    const admin = navGroupsFor({ admin: true })[1];
    expect(admin?.label).toBe('Admin');
    expect(admin?.items).toEqual([
      { kind: 'link', label: 'Admin: users', to: '/admin/users', icon: 'admin-users' },
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
