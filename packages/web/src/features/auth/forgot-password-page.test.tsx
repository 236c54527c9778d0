import { RATE_LIMIT_DETAIL } from '@darkroom/core';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';

function mockSignedOutApi() {
  return mockApi({
    'GET /api/v4/sessions/current': errorReply(401, [{ code: 'unauthorized' }]),
    'POST /api/v4/password-resets': { status: 202, body: documentOf(null) },
  });
}

describe('ForgotPasswordPage', () => {
  it('is reached from the sign-in page', async () => {
    mockSignedOutApi();
    const { user, router } = renderApp('/sign-in');

    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));

    await waitFor(() => expect(pathOf(router)).toBe('/forgot-password'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset your password' }),
    ).toBeInTheDocument();
  });

  it('asks for a valid email before sending anything', async () => {
    const api = mockSignedOutApi();
    const { user } = renderApp('/forgot-password');

    const email = await screen.findByLabelText('Email');
    await user.type(email, 'not an email');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(api.requestsTo('POST /api/v4/password-resets')).toEqual([]);
  });

  it('sends the address, then says a link went out if an account has it', async () => {
    const api = mockSignedOutApi();
    const { user } = renderApp('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), ' Ada@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    const heading = await screen.findByRole('heading', { name: 'Check your email' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('region', { name: 'Check your email' })).toHaveTextContent(
      'If an account exists for ada@example.com, we sent it a link to choose a new password. The link works once, for one hour.',
    );
    const [request] = api.requestsTo('POST /api/v4/password-resets');
    expect(request?.body).toEqual({
      data: { type: 'password_resets', attributes: { email: 'ada@example.com' } },
    });
    expect(request?.headers.get('authorization')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'try again' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('shows the rate-limit text on a 429 and keeps the address', async () => {
    const api = mockSignedOutApi();
    api.on(
      'POST /api/v4/password-resets',
      errorReply(429, [{ code: 'rate_limited', detail: RATE_LIMIT_DETAIL }]),
    );
    const { user } = renderApp('/forgot-password');

    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(RATE_LIMIT_DETAIL);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });
});
