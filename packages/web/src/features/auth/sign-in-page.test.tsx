import { RATE_LIMIT_DETAIL } from '@darkroom/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, SESSION_STORAGE_KEY } from '../../app/session.ts';
import { ids, sessionResource, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';

function mockSignedOutApi() {
  return mockApi({
    'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]),
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    },
    'GET /api/v4/users': { body: documentOf([]) },
    'POST /api/v4/events': { status: 202, body: { data: null } },
  });
}

describe('SignInPage', () => {
  it('focuses the first invalid field and says what is wrong on an empty submit', async () => {
    const api = mockSignedOutApi();
    const { user } = renderApp('/sign-in');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('This field is required');
    expect(api.requestsTo('POST /api/v4/sessions')).toHaveLength(0);
  });

  it('signs in, stores the session, tracks it and goes to the page asked for', async () => {
    const api = mockSignedOutApi();
    api.on('POST /api/v4/sessions', {
      status: 201,
      body: documentOf(sessionResource(userSession)),
    });
    const { user, router } = renderApp('/sign-in?next=%2Fusers%3Fpage%3D1');

    await user.type(await screen.findByLabelText('Email'), ' Ada@Example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(pathOf(router)).toBe('/users?page=1'));
    expect(api.requestsTo('POST /api/v4/sessions')[0]?.body).toEqual({
      data: {
        type: 'sessions',
        attributes: { email: 'ada@example.com', password: 'correct horse' },
      },
    });
    expect(getSession()).toEqual(userSession);
    expect(window.localStorage.getItem(SESSION_STORAGE_KEY)).toContain('user-token');
    await waitFor(() => expect(api.requestsTo('POST /api/v4/events')).toHaveLength(1));
    expect(api.requestsTo('POST /api/v4/events')[0]?.body).toMatchObject({
      data: { attributes: { name: 'Signed In' } },
    });
  });

  it('says the email or password is incorrect on a 401 and keeps what was typed', async () => {
    const api = mockSignedOutApi();
    api.on(
      'POST /api/v4/sessions',
      errorReply(401, [{ code: 'invalid_credentials', detail: 'nope' }]),
    );
    const { user, router } = renderApp('/sign-in');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Password')).toHaveValue('wrong password');
    expect(pathOf(router)).toBe('/sign-in');
    expect(getSession()).toBeNull();
  });

  it('shows the rate-limit text on a 429', async () => {
    const api = mockSignedOutApi();
    api.on(
      'POST /api/v4/sessions',
      errorReply(429, [{ code: 'rate_limited', detail: RATE_LIMIT_DETAIL }]),
    );
    const { user } = renderApp('/sign-in');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(RATE_LIMIT_DETAIL);
  });

  it('shows a working state while signing in', async () => {
    const api = mockSignedOutApi();
    let answer: () => void = () => undefined;
    api.on(
      'POST /api/v4/sessions',
      () =>
        new Promise((resolve) => {
          answer = () => resolve(errorReply(401, [{ code: 'invalid_credentials' }]));
        }),
    );
    const { user } = renderApp('/sign-in');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const button = await screen.findByRole('button', { name: 'Signing in…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('links to sign-up', async () => {
    mockSignedOutApi();
    renderApp('/sign-in');

    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/sign-up',
    );
  });
});
