import { DAY, HOUR, type PermissionGroup } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { ids, sessionWith, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { renderApp } from '../../test/render-app.tsx';
import { localDayOf, localDayStart } from '../lists/local-day.utils.ts';

const ada = userResource(ids.user, 'Ada Lovelace', 'ada@example.com');
const grace = userResource(ids.teammate, 'Grace Hopper', 'grace@example.com');
const SECRET = `drk_key_${'x'.repeat(39)}wxyz`;

function keyResource(
  id: string,
  name: string,
  extra: {
    permissions?: PermissionGroup[];
    hint?: string;
    created_by?: string;
    date_last_used?: number | null;
    date_expires?: number | null;
    key?: string;
  } = {},
) {
  return {
    type: 'api_keys',
    id,
    attributes: {
      ...(extra.key ? { key: extra.key } : {}),
      name,
      permissions: extra.permissions ?? ['purge'],
      hint: extra.hint ?? 'abcd',
      created_by: extra.created_by ?? ids.user,
      date_created: Date.UTC(2025, 0, 15, 12),
      date_last_used: extra.date_last_used ?? null,
      date_expires: extra.date_expires ?? null,
    },
  };
}

const purgeKey = keyResource('4'.repeat(24), 'CI purge', {
  permissions: ['purge', 'sources'],
  date_last_used: Date.now() - 3 * HOUR,
});
const reportsKey = keyResource('5'.repeat(24), 'Reports', {
  permissions: ['analytics'],
  hint: 'q9Z_',
  created_by: ids.teammate,
  date_expires: Date.now() + 3 * DAY,
});

function mockKeysApi(keys: unknown[] = [purgeKey, reportsKey]) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: { body: documentOf(ada) },
    'GET /api/v4/users': { body: documentOf([ada, grace]) },
    'GET /api/v4/api-keys': { body: documentOf(keys) },
  });
}

describe('ApiKeysPage', () => {
  it('lists keys with their groups, hint, creator, last use and expiry', async () => {
    const api = mockKeysApi();
    renderApp('/api-keys');

    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const purge = rows[1] as HTMLElement;
    expect(purge).toHaveTextContent('CI purge');
    expect(purge).toHaveTextContent('drk_key_…abcd');
    expect(
      within(within(purge).getByRole('list', { name: 'Permission groups' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Sources', 'Purge']);
    expect(purge).toHaveTextContent('Jan 15, 2025by Ada Lovelace');
    // The relative time, with the exact moment in its tooltip.
    const lastUsed = within(purge).getByText('3 hours ago');
    expect(lastUsed.closest('time')).toHaveAttribute('title', expect.stringMatching(/\d{4}, /));
    const reports = rows[2] as HTMLElement;
    expect(reports).toHaveTextContent('by Grace Hopper');
    expect(reports).toHaveTextContent('Never');
    expect(reports).toHaveTextContent(/in 3 days \(.+\)Expires soon/);
    expect(screen.getByText('2 of 20 keys')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create API key' })).toBeEnabled();
    // The page asks for the people once, in one page of the largest size.
    expect(api.requestsTo('GET /api/v4/users')[0]?.url).toContain('page%5Bsize%5D=300');
  });

  it('shows an expired key as such until the list drops it', async () => {
    mockKeysApi([keyResource('6'.repeat(24), 'Old', { date_expires: Date.now() - HOUR })]);
    renderApp('/api-keys');

    const row = within(await screen.findByRole('table')).getAllByRole('row')[1] as HTMLElement;
    expect(row).toHaveTextContent('Expired1 hour ago');
  });

  it('explains the page to a teammate without Account Admin, and asks nothing', async () => {
    const api = mockKeysApi();
    setSession(sessionWith(userSession, ['purge']));
    renderApp('/api-keys');

    expect(
      await screen.findByRole('region', {
        name: 'This page needs the Account Admin permission group',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'API keys' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/v4/api-keys')).toEqual([]);
  });

  it('shows a loading state, then an empty state saying what a key is for', async () => {
    mockKeysApi([]);
    renderApp('/api-keys');

    expect(await screen.findByText('Loading API keys')).toBeInTheDocument();
    const empty = (await screen.findByText('No API keys yet')).parentElement as HTMLElement;
    expect(empty).toHaveTextContent('calls the Darkroom API');
    expect(empty).toHaveTextContent('Authorization: Bearer <key>');
    expect(within(empty).getByRole('button', { name: 'Create API key' })).toBeEnabled();
  });

  it('shows an error with a retry that loads the keys again', async () => {
    const api = mockKeysApi();
    api.on(
      'GET /api/v4/api-keys',
      errorReply(500, [{ code: 'internal_error', detail: 'The server failed.' }]),
    );
    const { user } = renderApp('/api-keys');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The server failed. Your keys still work meanwhile.',
    );
    api.on('GET /api/v4/api-keys', { body: documentOf([purgeKey]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table')).toHaveTextContent('CI purge');
  });

  it('disables creation at 20 keys and says why', async () => {
    const keys = Array.from({ length: 20 }, (_, index) =>
      keyResource(index.toString(16).padStart(24, '7'), `Key ${index}`),
    );
    mockKeysApi(keys);
    renderApp('/api-keys');

    const create = await screen.findByRole('button', { name: 'Create API key' });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(
      'An account holds at most 20 keys. Revoke one you no longer use to create another.',
    );
    expect(screen.getByText('20 of 20 keys')).toBeInTheDocument();
  });

  it('checks the form before sending: a name, a group and a day after today', async () => {
    const api = mockKeysApi();
    const { user } = renderApp('/api-keys');

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const expiry = within(dialog).getByLabelText(/Expires on/);
    await user.type(expiry, localDayOf(Date.now()));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const name = within(dialog).getByLabelText('Name');
    await waitFor(() => expect(name).toHaveAccessibleDescription('This field is required'));
    expect(name).toHaveFocus();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Give the key at least one permission group',
    );
    expect(expiry).toHaveAccessibleDescription('Choose a day after today');

    await user.type(name, 'Deploy <script>');
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Names cannot include brackets or HTML.'),
    );
    expect(api.requestsTo('POST /api/v4/api-keys')).toEqual([]);
  });

  it('creates a key and shows it once, with a copy button and a warning', async () => {
    const api = mockKeysApi([purgeKey]);
    const created = keyResource('8'.repeat(24), 'Nightly export', {
      permissions: ['analytics'],
      hint: 'wxyz',
      key: SECRET,
    });
    api.on('POST /api/v4/api-keys', () => {
      api.on('GET /api/v4/api-keys', {
        body: documentOf([{ ...created, attributes: { ...created.attributes, key: undefined } }]),
      });
      return { status: 201, body: documentOf(created) };
    });
    const { user } = renderApp('/api-keys');

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.type(within(dialog).getByLabelText('Name'), 'Nightly export');
    const groups = within(dialog).getByRole('group', { name: 'Permission groups' });
    expect(within(groups).queryAllByRole('checkbox', { checked: true })).toEqual([]);
    await user.click(within(groups).getByRole('checkbox', { name: 'Analytics' }));
    const expiresOn = localDayOf(Date.now() + 30 * DAY);
    await user.type(within(dialog).getByLabelText(/Expires on/), expiresOn);
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(api.requestsTo('POST /api/v4/api-keys')[0]?.body).toEqual({
      data: {
        type: 'api_keys',
        attributes: {
          name: 'Nightly export',
          permissions: ['analytics'],
          date_expires: localDayStart(expiresOn),
        },
      },
    });
    const key = within(shown).getByLabelText('API key “Nightly export”');
    expect(key).toHaveValue(SECRET);
    expect(key).toHaveAccessibleDescription(/It will not be shown again/);
    await waitFor(() => expect(key).toHaveFocus());
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // Escape does not lose the key by accident; Done closes, and the key is gone for good.
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Copy your new API key' })).toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('table')).toHaveTextContent('Nightly export');
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it("shows the API's refusal on the form, keeping what was typed", async () => {
    const api = mockKeysApi();
    api.on(
      'POST /api/v4/api-keys',
      errorReply(409, [
        {
          code: 'conflict',
          detail: 'An account holds at most 20 API keys. Revoke one you no longer use first.',
        },
      ]),
    );
    const { user } = renderApp('/api-keys');

    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), 'One more');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Purge' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('at most 20 API keys');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('One more');
  });

  it('revokes a key after confirmation', async () => {
    const api = mockKeysApi();
    api.on(`DELETE /api/v4/api-keys/${purgeKey.id}`, () => {
      api.on('GET /api/v4/api-keys', { body: documentOf([reportsKey]) });
      return { status: 204 };
    });
    const { user } = renderApp('/api-keys');

    await user.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Revoke CI purge' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke CI purge?' });
    expect(confirm).toHaveTextContent('Anything that sends drk_key_…abcd is refused from now on.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));

    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table')).not.toHaveTextContent('CI purge'));
    expect(api.requestsTo(`DELETE /api/v4/api-keys/${purgeKey.id}`)).toHaveLength(1);
  });

  it('revokes nothing when the confirmation is dismissed', async () => {
    const api = mockKeysApi();
    const { user } = renderApp('/api-keys');

    await user.click(
      within(await screen.findByRole('table')).getByRole('button', { name: 'Revoke Reports' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke Reports?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(`DELETE /api/v4/api-keys/${reportsKey.id}`)).toEqual([]);
  });
});
