import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SESSION_STORAGE_KEY,
  getSession,
  setSession,
  startImpersonation,
} from './session.ts';
import {
  adminSession,
  ids,
  impersonationSession,
  sessionWith,
  userResource,
  userSession,
} from '../test/fixtures.ts';
import { documentOf, mockApi } from '../test/fetch-mock.ts';
import { pathOf, renderApp } from '../test/render-app.tsx';

const ada = userResource(ids.user, 'Ada Lovelace', 'ada@example.com');
const grace = userResource(ids.admin, 'Grace Hopper', 'grace@example.com', { admin: true });

function mockDashboardApi() {
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: { body: documentOf(ada) },
    [`GET /api/v4/admin/users/${ids.admin}`]: { body: documentOf(grace) },
    'GET /api/v4/users': { body: documentOf([ada]) },
    'GET /api/v4/admin/users': { body: documentOf([ada, grace]) },
    'DELETE /api/v4/sessions/current': { status: 204 },
  });
}

function mainNav() {
  // The desktop sidebar; the mobile drawer holds a second copy only while open.
  return screen.getAllByRole('navigation', { name: 'Main' })[0] as HTMLElement;
}

describe('AppLayout', () => {
  it('shows the product navigation, every area a link', async () => {
    setSession(userSession);
    mockDashboardApi();
    renderApp('/users');

    const nav = await waitFor(mainNav);
    for (const [label, href] of [
      ['Sources', '/sources'],
      ['Assets', '/assets'],
      ['Analytics', '/analytics'],
      ['Billing', '/billing'],
      ['Users', '/users'],
    ] as const) {
      expect(within(nav).getByRole('link', { name: label })).toHaveAttribute('href', href);
    }
    expect(within(nav).queryByRole('link', { name: 'Admin: users' })).toBeNull();
    expect(screen.queryByText('Admin')).toBeNull();
  });

  it('locks the areas the permission groups do not open, saying which group they need', async () => {
    setSession(sessionWith(userSession, ['sources', 'asset_manager_browse']));
    const api = mockDashboardApi();
    renderApp('/users');

    const nav = await waitFor(mainNav);
    const analytics = within(nav).getByRole('link', { name: 'Analytics' });
    expect(analytics).toHaveAttribute('aria-disabled', 'true');
    expect(analytics).not.toHaveAttribute('href');
    expect(analytics).toHaveAccessibleDescription(
      'Needs the Analytics permission group — ask an Account Admin.',
    );
    expect(within(nav).getByText(/Needs the Billing permission group/)).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(nav).getByRole('link', { name: 'Assets' })).toHaveAttribute('href', '/assets');
    expect(within(nav).getByRole('link', { name: 'Sources' })).toHaveAttribute('href', '/sources');
    // Every user reads their own profile: the menu names them whatever their groups.
    await waitFor(() => expect(api.requestsTo(`GET /api/v4/users/${ids.user}`)).not.toEqual([]));
  });

  it('gives admins the admin pages and an Admin badge', async () => {
    setSession(adminSession);
    mockDashboardApi();
    renderApp('/users');

    const nav = await waitFor(mainNav);
    expect(within(nav).getByRole('link', { name: 'Admin: users' })).toHaveAttribute(
      'href',
      '/admin/users',
    );
    expect(within(nav).getByRole('link', { name: 'UI gallery' })).toHaveAttribute('href', '/ui');
    expect(screen.getAllByText('Admin', { selector: '[data-color]' }).length).toBeGreaterThan(0);
  });

  it('shows the user menu with name and email, and signs out from it', async () => {
    setSession(userSession);
    const api = mockDashboardApi();
    const { user, router } = renderApp('/users');

    const trigger = await screen.findByRole('button', { name: /Ada Lovelace.*ada@example.com/ });
    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(pathOf(router)).toBe('/sign-in'));
    expect(api.requestsTo('DELETE /api/v4/sessions/current')).toHaveLength(1);
    expect(api.requestsTo('DELETE /api/v4/sessions/current')[0]?.headers.get('Authorization')).toBe(
      'Bearer user-token',
    );
    expect(getSession()).toBeNull();
  });

  it('shows the impersonation banner and returns to the admin session on stop', async () => {
    setSession(adminSession);
    startImpersonation(impersonationSession);
    const api = mockDashboardApi();
    const { user, router } = renderApp('/users');

    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    await waitFor(() =>
      expect(banner).toHaveTextContent('You are impersonating Ada Lovelace (ada@example.com)'),
    );
    await user.click(within(banner).getByRole('button', { name: 'Stop impersonating' }));

    await waitFor(() => expect(pathOf(router)).toBe('/admin/users'));
    const deletes = api.requestsTo('DELETE /api/v4/sessions/current');
    expect(deletes).toHaveLength(1);
    expect(deletes[0]?.headers.get('Authorization')).toBe('Bearer impersonation-token');
    expect(getSession()).toEqual(adminSession);
    expect(window.localStorage.getItem(ADMIN_SESSION_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Impersonation' })).toBeNull());
  });

  it('opens the navigation as a drawer from the menu button and closes it on Escape', async () => {
    setSession(userSession);
    mockDashboardApi();
    const { user } = renderApp('/users');

    const menuButton = await screen.findByRole('button', { name: 'Open navigation' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);

    const drawer = screen.getByRole('dialog', { name: 'Navigation' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(within(drawer).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(drawer).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation' })).toBeNull();
    expect(menuButton).toHaveFocus();
  });
});
