import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, ids, userResource, userSession } from '../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../test/fetch-mock.ts';
import { pathOf, renderApp } from '../test/render-app.tsx';
import { setSession } from './session.ts';

function mockApiFor() {
  return mockApi({
    'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]),
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    },
    [`GET /api/v4/admin/users/${ids.admin}`]: {
      body: documentOf(
        userResource(ids.admin, 'Grace Hopper', 'grace@example.com', { admin: true }),
      ),
    },
    'GET /api/v4/users': { body: documentOf([]) },
    'GET /api/v4/admin/users': { body: documentOf([]) },
  });
}

describe('routes', () => {
  it('sends signed-out users to sign-in with the page to return to', async () => {
    mockApiFor();
    const { router } = renderApp('/users?page=2');

    await waitFor(() => expect(pathOf(router)).toBe('/sign-in?next=%2Fusers%3Fpage%3D2'));
    expect(await screen.findByRole('heading', { name: 'Sign in to Darkroom' })).toBeInTheDocument();
  });

  it('sends the root to the sources page', async () => {
    setSession(userSession);
    mockApiFor();
    const { router } = renderApp('/');

    await waitFor(() => expect(pathOf(router)).toBe('/sources'));
    expect(await screen.findByRole('heading', { name: 'Sources' })).toBeInTheDocument();
  });

  it('sends signed-in users away from the auth pages', async () => {
    setSession(userSession);
    mockApiFor();
    const { router } = renderApp('/sign-in');

    await waitFor(() => expect(pathOf(router)).toBe('/sources'));
  });

  it('answers not found to non-admins on admin pages', async () => {
    setSession(userSession);
    const api = mockApiFor();
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/v4/admin/users')).toHaveLength(0);
  });

  it('loads the admin users page for admins', async () => {
    setSession(adminSession);
    mockApiFor();
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { name: 'Admin: users' })).toBeInTheDocument();
  });

  it('shows the not-found page for an unknown path', async () => {
    mockApiFor();
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
