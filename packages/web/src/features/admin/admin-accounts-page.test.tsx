import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { adminSession, ids, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi, type RecordedRequest } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { settingsDocument } from '../sources/sources.test-fixtures.ts';

const NEEDS_PROVIDER = 'Needs a generative image provider (GENERATIVE_API_URL).';

function accountResource(
  id: string,
  company: string,
  capabilities: string[],
  plan: { name: string; capabilities: string[] },
) {
  return {
    type: 'accounts',
    id,
    attributes: {
      company,
      webproxy_access: false,
      capabilities,
      plan,
      date_created: Date.UTC(2025, 0, 1),
      date_modified: Date.UTC(2025, 0, 1),
    },
  };
}

const lens = accountResource(ids.account, 'Lens Works', ['super_resolution'], {
  name: 'Free',
  capabilities: [],
});
const growing = accountResource(ids.otherAccount, 'Growing Co', [], {
  name: 'Growth',
  capabilities: ['background_removal', 'outpainting'],
});

function mockAdminApi(patch?: (request: RecordedRequest) => ReturnType<typeof errorReply>) {
  setSession(adminSession);
  return mockApi({
    [`GET /api/v4/admin/users/${ids.admin}`]: {
      body: documentOf(
        userResource(ids.admin, 'Grace Hopper', 'grace@example.com', { admin: true }),
      ),
    },
    'GET /api/v4/admin/accounts': { body: documentOf([growing, lens]) },
    'GET /api/v4/platform-settings': { body: settingsDocument },
    [`PATCH /api/v4/admin/accounts/${ids.account}`]:
      patch ??
      ((request) => {
        const attributes = (request.body as { data: { attributes: { capabilities: string[] } } })
          .data.attributes;
        return {
          body: documentOf(
            accountResource(ids.account, 'Lens Works', attributes.capabilities, {
              name: 'Free',
              capabilities: [],
            }),
          ),
        };
      }),
  });
}

describe('AdminAccountsPage', () => {
  it('lists every account with its plan and what it can use', async () => {
    const api = mockAdminApi();
    renderApp('/admin/accounts');
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Growing Co');
    expect(rows[1]).toHaveTextContent('Growth');
    const growingGrants = within(rows[1] as HTMLElement).getByRole('list', {
      name: 'Premium capabilities of Growing Co',
    });
    // What the plan brings is marked, and what this server cannot run is said.
    expect(
      within(growingGrants)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Background removal (plan)',
      'Generative fill (plan), not available on this server',
    ]);
    expect(rows[2]).toHaveTextContent('Lens Works');
    expect(rows[2]).toHaveTextContent('Free');
    expect(rows[2]).toHaveTextContent('Super resolution');
    expect(api.requestsTo('GET /api/v4/admin/accounts')[0]?.url).toContain('sort=company');
  });

  it("grants capabilities from the account's dialog and shows them", async () => {
    const api = mockAdminApi();
    const { user } = renderApp('/admin/accounts');
    await user.click(
      (
        await screen.findAllByRole('button', { name: 'Edit capabilities of Lens Works' })
      )[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Capabilities of Lens Works' });
    expect(dialog).toHaveAccessibleDescription(
      "On the Free plan. The plan's capabilities come with it; grant others here.",
    );
    expect(within(dialog).getByRole('checkbox', { name: 'Super resolution' })).toBeChecked();
    const replacement = within(dialog).getByRole('checkbox', { name: 'Background replacement' });
    expect(replacement).not.toBeChecked();
    expect(replacement).toHaveAccessibleDescription(
      `Not available on this server. ${NEEDS_PROVIDER}`,
    );

    await user.click(within(dialog).getByRole('checkbox', { name: 'Background removal' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Super resolution' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save capabilities' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [patch] = api.requestsTo(`PATCH /api/v4/admin/accounts/${ids.account}`);
    expect(patch?.body).toEqual({
      data: {
        type: 'accounts',
        id: ids.account,
        attributes: { capabilities: ['background_removal'] },
      },
    });
    expect(await screen.findByText('Capabilities saved')).toBeInTheDocument();
    // The list is read again after the grant.
    await waitFor(() => expect(api.requestsTo('GET /api/v4/admin/accounts')).toHaveLength(2));
  });

  it('says what went wrong in the dialog, and keeps the choice', async () => {
    mockAdminApi(() =>
      errorReply(422, [{ code: 'validation_failed', detail: '"teleport" is not a capability.' }]),
    );
    const { user } = renderApp('/admin/accounts');
    await user.click(
      (
        await screen.findAllByRole('button', { name: 'Edit capabilities of Lens Works' })
      )[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Capabilities of Lens Works' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Image to video' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save capabilities' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/./);
    expect(within(dialog).getByRole('checkbox', { name: 'Image to video' })).toBeChecked();
  });

  it('shows a failed list with a way to try again', async () => {
    setSession(adminSession);
    mockApi({ 'GET /api/v4/admin/accounts': errorReply(500, [{ code: 'internal_error' }]) });
    renderApp('/admin/accounts');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows customers no such page, without asking for the accounts', async () => {
    setSession(userSession);
    const api = mockApi({});
    renderApp('/admin/accounts');
    expect(
      await screen.findByText(
        'The page you are looking for does not exist or you do not have access to it.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET /api/v4/admin/accounts')).toEqual([]);
  });
});
