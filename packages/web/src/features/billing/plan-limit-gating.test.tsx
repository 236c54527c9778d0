import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../app/session.ts';
import { documentOf, errorReply, mockApi, type ApiMock } from '../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../test/fixtures.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import {
  accountDocument,
  settingsDocument,
  sourcesList,
} from '../sources/sources.test-fixtures.ts';

// jsdom has no canvas; the wizard's burst is not what this file tests.
vi.mock('../sources/wizard/confetti.ts', () => ({
  burstConfetti: vi.fn(() => Promise.resolve()),
}));

beforeAll(async () => {
  await import('../sources/wizard/new-source-page.tsx');
}, 30000);

// What the server answers when the plan's allowance is used up: the price metadata
// sources_included and users_included of spec platform section 3.
const sourceLimit = errorReply(403, [
  {
    code: 'plan_limit_reached',
    title: 'Plan limit reached',
    detail: 'Your Free plan includes 1 source. Upgrade your plan to add more: /billing/plans',
    source: { pointer: '/data' },
  },
]);
const userLimit = errorReply(403, [
  {
    code: 'plan_limit_reached',
    title: 'Plan limit reached',
    detail: 'Your Free plan includes 1 user. Upgrade your plan to add more: /billing/plans',
    source: { pointer: '/data' },
  },
]);

function mockGatingApi() {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    [`GET /api/v4/accounts/${ids.account}`]: { body: accountDocument() },
    'GET /api/v4/platform-settings': { body: settingsDocument },
    'GET /api/v4/sources': { body: sourcesList([]) },
    'GET /api/v4/users': { body: documentOf([userResource(ids.user, 'Ada', 'ada@example.com')]) },
    'POST /api/v4/validations/domains': (request) => ({
      body: documentOf({
        type: 'domain_validations',
        id: 'photos',
        attributes: {
          ...(request.body as { data: { attributes: object } }).data.attributes,
          available: true,
        },
      }),
    }),
    'POST /api/v4/sources': sourceLimit,
    'POST /api/v4/users': userLimit,
    'POST /api/v4/events': { status: 202 },
  });
}

function events(api: ApiMock) {
  return api
    .requestsTo('POST /api/v4/events')
    .map((request) => (request.body as { data: { attributes: unknown } }).data.attributes);
}

describe('plan limits', { timeout: 30000 }, () => {
  it('shows the source limit on deploy with a link to upgrade, logging the paywall', async () => {
    const api = mockGatingApi();
    const { user, router } = renderApp('/sources/new');
    await user.click(await screen.findByRole('button', { name: 'Use Darkroom Storage' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const step = (
      await screen.findByRole('heading', { name: 'Keep your files on Darkroom' })
    ).closest('section') as HTMLElement;
    await user.click(within(step).getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose your subdomain' });
    const input = screen.getByLabelText('Subdomain');
    await user.clear(input);
    await user.type(input, 'photos');
    await screen.findByText(/photos\..* is available/);
    await user.click(screen.getByRole('button', { name: 'Deploy Source' }));

    const alert = await screen.findByText(
      'Your Free plan includes 1 source. Upgrade your plan to add more.',
    );
    const upgrade = within(alert.closest('[role="alert"]') as HTMLElement).getByRole('link', {
      name: 'Upgrade your plan',
    });
    expect(upgrade).toHaveAttribute('href', '/billing/plans');
    await waitFor(() =>
      expect(events(api)).toContainEqual({
        name: 'Paywall Shown',
        properties: { feature: 'sources', placement: 'plan_limit' },
      }),
    );

    await user.click(upgrade);
    await waitFor(() => expect(pathOf(router)).toBe('/billing/plans'));
    await waitFor(() =>
      expect(events(api)).toContainEqual({
        name: 'Paywall Clicked',
        properties: { feature: 'sources', placement: 'plan_limit' },
      }),
    );
  });

  it('shows the user limit in the add-user dialog with a link to upgrade', async () => {
    const api = mockGatingApi();
    const { user } = renderApp('/users/new');
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Alan Turing');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(
      await within(dialog).findByText(
        'Your Free plan includes 1 user. Upgrade your plan to add more.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/billing/plans',
    );
    // The refusal is the plan's, not a field's: the form keeps what was typed.
    expect(within(dialog).getByLabelText('Email')).toHaveValue('alan@example.com');
    await waitFor(() =>
      expect(events(api)).toContainEqual({
        name: 'Paywall Shown',
        properties: { feature: 'users', placement: 'plan_limit' },
      }),
    );
  });
});
