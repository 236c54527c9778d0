import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, setSession } from '../../app/session.ts';
import { userSession } from '../../test/fixtures.ts';
import { errorReply, mockApi } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import { PASSWORDS_DIFFER } from './new-password.ts';

const TOKEN = `drr_${'x'.repeat(43)}`;
const RESET = `POST /api/v4/password-resets/${TOKEN}`;

function mockResetApi() {
  return mockApi({
    'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]),
    [RESET]: { status: 204 },
  });
}

async function typePasswords(
  user: ReturnType<typeof renderApp>['user'],
  password: string,
  confirmation = password,
) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
}

describe('ResetPasswordPage', () => {
  it("sets the new password with the link's token, ends the session here and says to sign in", async () => {
    const api = mockResetApi();
    // Whoever was signed in in this browser was signed out by the reset.
    setSession(userSession);
    const { user, router } = renderApp(`/reset-password#${TOKEN}`);

    await typePasswords(user, 'a brand new password');

    const heading = await screen.findByRole('heading', { name: 'Your password is changed' });
    await waitFor(() => expect(heading).toHaveFocus());
    const [request] = api.requestsTo(RESET);
    expect(request?.body).toEqual({
      data: { type: 'password_resets', attributes: { password: 'a brand new password' } },
    });
    expect(request?.headers.get('authorization')).toBeNull();
    expect(getSession()).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(pathOf(router)).toBe('/sign-in'));
  });

  it('asks for the same password twice and a long enough one, before sending', async () => {
    const api = mockResetApi();
    const { user } = renderApp(`/reset-password#${TOKEN}`);

    await typePasswords(user, 'a brand new password', 'a brand new passwort');
    const confirmation = screen.getByLabelText('Confirm new password');
    await waitFor(() => expect(confirmation).toHaveAccessibleDescription(PASSWORDS_DIFFER));
    expect(confirmation).toHaveFocus();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
        'Use at least 10 characters',
      ),
    );
    expect(api.requestsTo(RESET)).toEqual([]);
  });

  it('says what to do when the link has expired or was used', async () => {
    const api = mockResetApi();
    const expired =
      'This password-reset link has expired. Ask for a new link with “Forgot password?” on the sign-in page.';
    api.on(RESET, errorReply(410, [{ code: 'link_expired', detail: expired }]));
    const { user, router } = renderApp(`/reset-password#${TOKEN}`);

    await typePasswords(user, 'a brand new password');

    const notice = await screen.findByRole('region', { name: 'This link cannot be used' });
    expect(notice).toHaveTextContent(expired);
    await user.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(pathOf(router)).toBe('/forgot-password'));
  });

  it('says to sign in with the provider when the account requires it, offering no new link', async () => {
    const api = mockResetApi();
    const required = "This account requires single sign-on. Use 'Sign in with Google'.";
    api.on(RESET, errorReply(403, [{ code: 'sso_required', detail: required }]));
    const { user } = renderApp(`/reset-password#${TOKEN}`);

    await typePasswords(user, 'a brand new password');

    const notice = await screen.findByRole('region', { name: 'This link cannot be used' });
    expect(notice).toHaveTextContent(required);
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).toBeNull();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/sign-in',
    );
  });

  it('says the link is incomplete when it lost its token', async () => {
    const api = mockResetApi();
    renderApp('/reset-password');

    expect(
      await screen.findByRole('region', { name: 'This link cannot be used' }),
    ).toHaveTextContent('The link is incomplete');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(api.requestsTo(RESET)).toEqual([]);
  });
});
