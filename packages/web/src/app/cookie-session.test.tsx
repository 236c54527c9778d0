import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, ids, sessionResource, userResource } from '../test/fixtures.ts';
import { documentOf, mockApi } from '../test/fetch-mock.ts';
import { pathOf, renderApp } from '../test/render-app.tsx';
import { getSession, SESSION_STORAGE_KEY } from './session.ts';

// Its own file: the start-up check runs once per page load, so once per module graph.
describe('start-up with only the admin cookie', () => {
  it('adopts the admin session and calls admin paths without a bearer token', async () => {
    const api = mockApi({
      'GET /api/v4/sessions/current': {
        body: documentOf(sessionResource({ ...adminSession, token: null })),
      },
      [`GET /api/v4/admin/users/${ids.admin}`]: {
        body: documentOf(
          userResource(ids.admin, 'Grace Hopper', 'grace@example.com', { admin: true }),
        ),
      },
      'GET /api/v4/admin/users': { body: documentOf([]) },
    });
    const { router } = renderApp('/admin/users');

    expect(await screen.findByRole('heading', { name: 'Admin: users' })).toBeInTheDocument();
    expect(pathOf(router)).toBe('/admin/users');
    expect(getSession()).toEqual({ ...adminSession, token: null });
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(api.requestsTo('GET /api/v4/admin/users')).toHaveLength(1));
    for (const request of api.requests) {
      expect(request.headers.has('Authorization')).toBe(false);
      expect(request.credentials).toBe('same-origin');
    }
  });
});
