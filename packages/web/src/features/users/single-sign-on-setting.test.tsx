import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { ids, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, mockApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';

function settings(attributes: Record<string, unknown>) {
  return documentOf({
    type: 'sso_settings',
    id: ids.account,
    attributes: {
      available: true,
      provider_name: 'Google',
      require_sso: false,
      signed_in_with_sso: true,
      ...attributes,
    },
  });
}

function mockUsersApi(current: Record<string, unknown>) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    },
    'GET /api/v4/users': { body: documentOf([]) },
    'GET /api/v4/account/sso': { body: settings(current) },
    'POST /api/v4/events': { status: 202, body: { data: null } },
  });
}

describe('the single sign-on setting on the Users page', () => {
  it('turns the requirement on and says what it means', async () => {
    const api = mockUsersApi({});
    api.on('PATCH /api/v4/account/sso', { body: settings({ require_sso: true }) });
    const { user } = renderApp('/users');

    const toggle = await screen.findByRole('switch', { name: 'Require single sign-on' });
    expect(toggle).toHaveAccessibleDescription(/sign in with Google only/);
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.requestsTo('PATCH /api/v4/account/sso')[0]?.body).toEqual({
      data: { type: 'sso_settings', attributes: { require_sso: true } },
    });
  });

  it('asks the admin to sign in with the provider before turning it on', async () => {
    mockUsersApi({ signed_in_with_sso: false });
    renderApp('/users');

    const toggle = await screen.findByRole('switch', { name: 'Require single sign-on' });
    expect(toggle).toBeDisabled();
    expect(screen.getByText(/sign in with Google yourself first/)).toBeInTheDocument();
  });

  it('stays hidden when the install has no provider', async () => {
    const api = mockUsersApi({ available: false, provider_name: null });
    renderApp('/users');

    await screen.findByRole('heading', { name: 'Users' });
    await waitFor(() => expect(api.requestsTo('GET /api/v4/account/sso')).toHaveLength(1));
    expect(screen.queryByRole('switch', { name: 'Require single sign-on' })).toBeNull();
  });
});
