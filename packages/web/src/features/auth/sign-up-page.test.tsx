import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, setSession } from '../../app/session.ts';
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

async function fillIn(
  user: ReturnType<typeof renderApp>['user'],
  password = 'long enough password',
) {
  await user.type(await screen.findByLabelText('Company'), 'Analytical Engines');
  await user.type(screen.getByLabelText('Your name'), 'Ada Lovelace');
  await user.type(screen.getByLabelText('Work email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('SignUpPage', () => {
  it('hints at the password length and focuses the first invalid field', async () => {
    mockSignedOutApi();
    const { user } = renderApp('/sign-up');

    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAccessibleDescription('Use at least 10 characters.');
    await user.type(screen.getByLabelText('Work email'), 'not-an-email');
    await user.type(password, 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(screen.getByLabelText('Company')).toHaveFocus());
    expect(screen.getByLabelText('Work email')).toHaveAccessibleDescription(
      'Enter a valid email address',
    );
    expect(password).toHaveAccessibleDescription('Use at least 10 characters');
  });

  it('refuses a company with HTML in it, as the server would, before sending', async () => {
    const api = mockSignedOutApi();
    const { user } = renderApp('/sign-up');

    await user.type(await screen.findByLabelText('Company'), 'Acme <b>EU</b>');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Company')).toHaveAccessibleDescription(
        'Names cannot include brackets or HTML.',
      ),
    );
    expect(api.requestsTo('POST /api/v4/accounts')).toEqual([]);
  });

  it('creates the account, signs in and tracks the sign-up', async () => {
    const api = mockSignedOutApi();
    api.on('POST /api/v4/accounts', {
      status: 201,
      body: documentOf(sessionResource(userSession)),
    });
    const { user, router } = renderApp('/sign-up');

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(pathOf(router)).toBe('/sources'));
    expect(api.requestsTo('POST /api/v4/accounts')[0]?.body).toEqual({
      data: {
        type: 'accounts',
        attributes: {
          company: 'Analytical Engines',
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          password: 'long enough password',
        },
      },
    });
    expect(getSession()).toEqual(userSession);
    await waitFor(() =>
      expect(api.requestsTo('POST /api/v4/events')[0]?.body).toMatchObject({
        data: { attributes: { name: 'Signed Up' } },
      }),
    );
  });

  it('puts a taken email on the email field, focused, keeping everything typed', async () => {
    const api = mockSignedOutApi();
    api.on(
      'POST /api/v4/accounts',
      errorReply(409, [
        {
          code: 'email_taken',
          detail: 'This email is already registered',
          source: { pointer: '/data/attributes/email' },
        },
      ]),
    );
    const { user } = renderApp('/sign-up');

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const email = screen.getByLabelText('Work email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('An account with this email already exists.'),
    );
    expect(email).toHaveFocus();
    expect(email).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Company')).toHaveValue('Analytical Engines');
    expect(screen.getByLabelText('Password')).toHaveValue('long enough password');
  });

  it('maps each server field error onto its field', async () => {
    const api = mockSignedOutApi();
    api.on(
      'POST /api/v4/accounts',
      errorReply(422, [
        {
          code: 'validation_failed',
          detail: 'Company is not allowed',
          source: { pointer: '/data/attributes/company' },
        },
        {
          code: 'weak_password',
          detail: 'Password is too weak',
          source: { pointer: '/data/attributes/password' },
        },
      ]),
    );
    const { user } = renderApp('/sign-up');

    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Company')).toHaveAccessibleDescription(
        'Company is not allowed',
      ),
    );
    expect(screen.getByLabelText('Company')).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is too weak');
  });

  it('sends signed-in users on to the dashboard', async () => {
    const api = mockSignedOutApi();
    api.on(`GET /api/v4/users/${ids.user}`, {
      body: documentOf(userResource(ids.user, 'Ada Lovelace', 'ada@example.com')),
    });
    setSession(userSession);
    const { router } = renderApp('/sign-up');

    await waitFor(() => expect(pathOf(router)).toBe('/sources'));
  });
});
