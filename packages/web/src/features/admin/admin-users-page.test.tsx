import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_STORAGE_KEY, getSession, setSession } from '../../app/session.ts';
import {
  adminSession,
  ids,
  impersonationSession,
  sessionResource,
  userResource,
} from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';

const ada = userResource(ids.user, 'Ada Lovelace', 'ada@example.com');
const grace = userResource(ids.admin, 'Grace Hopper', 'grace@example.com', {
  admin: true,
  account_id: ids.otherAccount,
});
const accounts = [
  { type: 'accounts', id: ids.account, attributes: { company: 'Analytical Engines' } },
  { type: 'accounts', id: ids.otherAccount, attributes: { company: 'Darkroom HQ' } },
];

function mockAdminApi() {
  setSession(adminSession);
  return mockApi({
    [`GET /api/v4/admin/users/${ids.admin}`]: { body: documentOf(grace) },
    [`GET /api/v4/users/${ids.user}`]: { body: documentOf(ada) },
    'GET /api/v4/admin/users': { body: documentOf([ada, grace], { included: accounts }) },
    'GET /api/v4/users': { body: documentOf([ada]) },
  });
}

describe('AdminUsersPage', () => {
  it('lists users across accounts with their company', async () => {
    const api = mockAdminApi();
    renderApp('/admin/users');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ada Lovelace');
    expect(rows[1]).toHaveTextContent('Analytical Engines');
    expect(rows[2]).toHaveTextContent('Darkroom HQ');
    expect(
      within(rows[1] as HTMLElement).getByRole('button', { name: 'Impersonate Ada Lovelace' }),
    ).toBeInTheDocument();
    // Admins cannot be impersonated.
    expect(
      within(rows[2] as HTMLElement).queryByRole('button', { name: /Impersonate/ }),
    ).toBeNull();
    expect(api.requestsTo('GET /api/v4/admin/users')[0]?.url).toContain('include=account');
  });

  it('searches by email', async () => {
    const api = mockAdminApi();
    const { user, router } = renderApp('/admin/users');

    await user.type(await screen.findByRole('searchbox', { name: 'Search by email' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(pathOf(router)).toBe('/admin/users?email=ada'));
    await waitFor(() =>
      expect(api.requestsTo('GET /api/v4/admin/users').at(-1)?.url).toContain(
        'filter%5Bemail%5D=ada',
      ),
    );
  });

  it('impersonates a user: keeps the admin session aside and opens their users page', async () => {
    const api = mockAdminApi();
    api.on('POST /api/v4/admin/impersonations', {
      status: 201,
      body: documentOf(sessionResource(impersonationSession)),
    });
    const { user, router } = renderApp('/admin/users');

    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Impersonate Ada Lovelace' }));

    await waitFor(() => expect(pathOf(router)).toBe('/users'));
    expect(api.requestsTo('POST /api/v4/admin/impersonations')[0]?.body).toEqual({
      data: { type: 'impersonations', attributes: { user_id: ids.user } },
    });
    expect(getSession()).toEqual(impersonationSession);
    expect(JSON.parse(window.localStorage.getItem(ADMIN_SESSION_STORAGE_KEY) ?? 'null')).toEqual(
      adminSession,
    );
    const banner = await screen.findByRole('region', { name: 'Impersonation' });
    await waitFor(() => expect(banner).toHaveTextContent('Ada Lovelace (ada@example.com)'));
  });

  it('explains a refused impersonation', async () => {
    const api = mockAdminApi();
    api.on(
      'POST /api/v4/admin/impersonations',
      errorReply(403, [{ code: 'forbidden', detail: 'Admins cannot be impersonated' }]),
    );
    const { user } = renderApp('/admin/users');

    const table = await screen.findByRole('table');
    await user.click(within(table).getByRole('button', { name: 'Impersonate Ada Lovelace' }));

    expect(await screen.findByText('Admins cannot be impersonated')).toBeInTheDocument();
    expect(getSession()).toEqual(adminSession);
  });
});
