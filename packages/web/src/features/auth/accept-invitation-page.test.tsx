import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession } from '../../app/session.ts';
import { ids, sessionResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import { PASSWORDS_DIFFER } from './new-password.ts';

const TOKEN = `dri_${'y'.repeat(43)}`;
const READ = `GET /api/v4/invitations/${TOKEN}`;
const ACCEPT = `POST /api/v4/invitations/${TOKEN}/acceptance`;

const invitation = {
  type: 'invitations',
  id: '9'.repeat(24),
  attributes: {
    user_id: ids.user,
    email: 'grace@example.com',
    name: 'Grace Hopper',
    company: 'Acme',
    date_expires: Date.UTC(2099, 0, 22, 12),
    delivery: null,
    sign_in: 'password',
    sso_provider_name: null,
  },
};

const ssoInvitation = {
  ...invitation,
  attributes: { ...invitation.attributes, sign_in: 'sso', sso_provider_name: 'Google' },
};

const GOOGLE = documentOf([
  {
    type: 'sso_providers',
    id: 'oidc',
    attributes: { name: 'Google', start_url: '/api/v4/sso/start' },
  },
]);

function mockInvitationApi() {
  return mockApi({
    'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]),
    [READ]: { body: documentOf(invitation) },
    [ACCEPT]: { status: 201, body: documentOf(sessionResource(userSession)) },
    'POST /api/v4/events': { status: 202, body: documentOf(null) },
  });
}

describe('AcceptInvitationPage', () => {
  it('shows the account and email, then accepts, signs in and opens the dashboard', async () => {
    const api = mockInvitationApi();
    let answer: () => void = () => undefined;
    api.on(
      READ,
      () => new Promise((resolve) => (answer = () => resolve({ body: documentOf(invitation) }))),
    );
    const { user, router } = renderApp(`/accept-invitation#${TOKEN}`);

    expect(await screen.findByText('Loading your invitation…')).toHaveAttribute('role', 'status');
    answer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Acme on Darkroom' }),
    ).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByText(/The invitation expires on Jan 22, 2099\./)).toBeInTheDocument();
    const name = screen.getByLabelText('Your name');
    expect(name).toHaveValue('Grace Hopper');

    await user.clear(name);
    await user.type(name, 'Grace B. Hopper');
    await user.type(screen.getByLabelText('New password'), 'cobol forever and ever');
    await user.type(screen.getByLabelText('Confirm new password'), 'cobol forever and ever');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));

    await waitFor(() => expect(pathOf(router)).toBe('/sources'));
    expect(getSession()).toEqual(userSession);
    const [request] = api.requestsTo(ACCEPT);
    expect(request?.body).toEqual({
      data: {
        type: 'invitation_acceptances',
        attributes: { name: 'Grace B. Hopper', password: 'cobol forever and ever' },
      },
    });
    expect(request?.headers.get('authorization')).toBeNull();
  });

  it('asks for the same password twice, before sending', async () => {
    const api = mockInvitationApi();
    const { user } = renderApp(`/accept-invitation#${TOKEN}`);

    await user.type(await screen.findByLabelText('New password'), 'cobol forever and ever');
    await user.type(screen.getByLabelText('Confirm new password'), 'fortran forever');
    await user.click(screen.getByRole('button', { name: 'Accept and sign in' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
        PASSWORDS_DIFFER,
      ),
    );
    expect(api.requestsTo(ACCEPT)).toEqual([]);
  });

  it("says why an expired or used invitation cannot be used, in the server's words", async () => {
    const api = mockInvitationApi();
    const expired =
      'This invitation link has expired. Ask an Account Admin of your account to send you a new invitation.';
    api.on(READ, errorReply(410, [{ code: 'link_expired', detail: expired }]));
    renderApp(`/accept-invitation#${TOKEN}`);

    const notice = await screen.findByRole('region', { name: 'This invitation cannot be used' });
    expect(notice).toHaveTextContent(expired);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('sends the teammate of an account that requires single sign-on to the provider, asking no password', async () => {
    const api = mockInvitationApi();
    api.on(READ, { body: documentOf(ssoInvitation) });
    api.on('GET /api/v4/sso/providers', { body: GOOGLE });
    renderApp(`/accept-invitation#${TOKEN}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Join Acme on Darkroom' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Acme signs in with Google: continue with Google as/),
    ).toHaveTextContent('Acme signs in with Google: continue with Google as grace@example.com.');
    const link = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(link).toHaveAttribute('href', '/api/v4/sso/start');
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept and sign in' })).toBeNull();
    expect(api.requestsTo(ACCEPT)).toEqual([]);
  });

  it('says the provider is unavailable when the install no longer offers it', async () => {
    const api = mockInvitationApi();
    api.on(READ, { body: documentOf(ssoInvitation) });
    api.on('GET /api/v4/sso/providers', { body: documentOf([]) });
    renderApp(`/accept-invitation#${TOKEN}`);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google Sign-In is temporarily unavailable; refresh and retry.',
    );
    expect(screen.queryByRole('link', { name: 'Sign in with Google' })).toBeNull();
  });

  it('says the link is incomplete when it lost its token, asking nothing', async () => {
    const api = mockInvitationApi();
    renderApp('/accept-invitation');

    expect(
      await screen.findByRole('region', { name: 'This invitation cannot be used' }),
    ).toHaveTextContent('The link is incomplete');
    expect(api.requestsTo(READ)).toEqual([]);
  });
});
