import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getSession } from '../../app/session.ts';
import { ids, sessionResource, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';

const GOOGLE = documentOf([
  {
    type: 'sso_providers',
    id: 'oidc',
    attributes: { name: 'Google', start_url: '/api/v4/sso/start' },
  },
]);

function mockSignedOutApi(providers: unknown = GOOGLE) {
  return mockApi({
    'GET /api/v4/sso/providers': { body: providers },
    'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]),
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    },
    'GET /api/v4/users': { body: documentOf([]) },
    'POST /api/v4/events': { status: 202, body: { data: null } },
  });
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('single sign-on on the sign-in page', () => {
  it('offers the provider as a link that starts the sign-in and keeps `next`', async () => {
    mockSignedOutApi();
    renderApp('/sign-in?next=%2Fusers');
    const link = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(link).toHaveAttribute('href', '/api/v4/sso/start?next=%2Fusers');
  });

  it('offers nothing when the install has no provider', async () => {
    const api = mockSignedOutApi(documentOf([]));
    renderApp('/sign-in');
    await screen.findByRole('button', { name: 'Sign in' });
    await waitFor(() => expect(api.requestsTo('GET /api/v4/sso/providers')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('says Google Sign-In is unavailable after a failed sign-in, and a refresh starts clean', async () => {
    mockSignedOutApi();
    const { router } = renderApp('/sign-in?sso_error=unavailable&next=%2Fusers');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google Sign-In is temporarily unavailable; refresh and retry.',
    );
    await waitFor(() => expect(pathOf(router)).toBe('/sign-in?next=%2Fusers'));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('tells someone without an account to ask for an invitation', async () => {
    mockSignedOutApi();
    renderApp('/sign-in?sso_error=no_account');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No Darkroom account uses this email; ask your administrator for an invitation.',
    );
  });

  it('exchanges the code from the fragment for a session and goes where it was asked', async () => {
    const api = mockSignedOutApi();
    api.on('POST /api/v4/sessions', {
      status: 201,
      body: documentOf(sessionResource(userSession)),
    });
    window.history.replaceState(null, '', '/sign-in?next=%2Fusers#sso_auth_code=sso_abc');
    const { router } = renderApp('/sign-in?next=%2Fusers');

    await waitFor(() => expect(pathOf(router)).toBe('/users'));
    expect(window.location.hash).toBe('');
    const exchanges = api.requestsTo('POST /api/v4/sessions');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]?.body).toEqual({
      data: { type: 'sessions', attributes: { sso_auth_code: 'sso_abc' } },
    });
    expect(getSession()).toEqual(userSession);
  });

  it('says the sign-in is unavailable when the code is refused', async () => {
    const api = mockSignedOutApi();
    api.on('POST /api/v4/sessions', errorReply(401, [{ code: 'invalid_credentials' }]));
    window.history.replaceState(null, '', '/sign-in#sso_auth_code=sso_used');
    renderApp('/sign-in');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google Sign-In is temporarily unavailable; refresh and retry.',
    );
    expect(getSession()).toBeNull();
  });
});
