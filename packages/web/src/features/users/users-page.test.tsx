import { paginationMeta } from '@darkroom/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getSession, setSession } from '../../app/session.ts';
import { ids, sessionWith, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';

const ada = userResource(ids.user, 'Ada Lovelace', 'ada@example.com', {
  date_created: Date.UTC(2025, 0, 15, 12),
});
const grace = userResource(ids.teammate, 'Grace Hopper', 'grace@example.com', {
  date_created: Date.UTC(2025, 2, 3, 12),
  permissions: ['billing', 'asset_manager_browse', 'asset_manager_edit'],
});

const LAST_ADMIN =
  "This is the account's last Account Admin. Make another teammate an Account Admin first.";

function listOf(users: unknown[], page = 1, total = users.length) {
  return documentOf(users, {
    meta: { ...documentOf(null).meta, pagination: paginationMeta(page, 25, total) },
  });
}

function mockUsersApi(users: unknown[] = [ada, grace]) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: { body: documentOf(ada) },
    'GET /api/v4/users': { body: listOf(users) },
    'POST /api/v4/events': { status: 202, body: { data: null } },
  });
}

/** A pending invitation's expiry, far enough ahead to stay pending. */
const INVITATION_EXPIRES = Date.UTC(2099, 0, 22, 12);

function invitationOf(
  teammate: ReturnType<typeof userResource>,
  delivery: 'smtp' | 'log',
  ssoProviderName: string | null = null,
): Record<string, unknown> {
  return {
    type: 'invitations',
    id: '9'.repeat(24),
    attributes: {
      user_id: teammate.id,
      email: teammate.attributes.email,
      name: teammate.attributes.name,
      company: 'Acme',
      date_expires: INVITATION_EXPIRES,
      delivery,
      sign_in: ssoProviderName === null ? 'password' : 'sso',
      sso_provider_name: ssoProviderName,
    },
  };
}

/** The install's settings as the Users page reads them: only how its mail goes out. */
function platformSettingsWith(mailDelivery: 'smtp' | 'log') {
  return documentOf({
    type: 'platform_settings',
    id: 'current',
    attributes: { mail_delivery: mailDelivery },
  });
}

function usersTable() {
  return screen.getByRole('table');
}

describe('UsersPage', () => {
  it('lists teammates with their permission groups, created date and a You marker', async () => {
    const api = mockUsersApi();
    renderApp('/users');

    const rows = await waitFor(() => {
      const found = within(usersTable()).getAllByRole('row');
      expect(found).toHaveLength(3);
      return found;
    });
    expect(rows[1]).toHaveTextContent('Ada LovelaceYou');
    expect(rows[1]).toHaveTextContent('ada@example.com');
    expect(rows[1]).toHaveTextContent('Jan 15, 2025');
    const adaGroups = within(rows[1] as HTMLElement).getByRole('list', {
      name: 'Permission groups',
    });
    expect(
      within(adaGroups)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Account Admin']);
    expect(rows[2]).toHaveTextContent('Grace Hopper');
    // Browse is left out: Asset Manager Edit includes it.
    const graceGroups = within(rows[2] as HTMLElement).getByRole('list', {
      name: 'Permission groups',
    });
    expect(
      within(graceGroups)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Billing', 'Asset Manager Edit']);
    // Nobody deletes themselves; teammates can be deleted.
    expect(within(rows[1] as HTMLElement).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(
      within(rows[2] as HTMLElement).getByRole('button', { name: 'Delete Grace Hopper' }),
    ).toBeInTheDocument();
    const listRequest = api.requestsTo('GET /api/v4/users')[0];
    expect(listRequest?.url).toContain('page%5Bnumber%5D=1');
    expect(listRequest?.url).toContain('sort=name');
    expect(screen.getByRole('navigation', { name: 'Users pages' })).toHaveTextContent('1–2 of 2');
  });

  it('shows the groups compactly on phone cards, every one still named', async () => {
    const many = userResource('5'.repeat(24), 'Alan Turing', 'alan@example.com', {
      permissions: ['billing', 'sources', 'analytics', 'purge'],
    });
    mockUsersApi([ada, many]);
    renderApp('/users');

    // The phone cards are the lists outside the table.
    const alanCard = await waitFor(() => {
      const card = screen
        .getAllByRole('list', { name: 'Permission groups' })
        .find(
          (list) =>
            list.closest('tr') === null && list.closest('li')?.textContent?.includes('alan@'),
        );
      expect(card).toBeDefined();
      return card as HTMLElement;
    });
    expect(alanCard).toHaveTextContent('BillingSources+2 more');
    expect(within(alanCard).getByText('Analytics, Purge')).toHaveClass('sr-only');
    const alanRow = screen.getByText('alan@example.com', { selector: 'td' }).closest('tr');
    expect(alanRow).toHaveTextContent('BillingSourcesAnalyticsPurge');
  });

  it('shows who may use the page to a teammate without Account Admin, and asks nothing', async () => {
    const api = mockUsersApi();
    setSession(sessionWith(userSession, ['billing']));
    renderApp('/users');

    const state = await screen.findByRole('region', {
      name: 'This page needs the Account Admin permission group',
    });
    expect(state).toHaveTextContent('Ask an Account Admin of your account to grant it');
    expect(state).toHaveTextContent('Your permission groups: Billing.');
    expect(screen.getByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Add user' })).toBeNull();
    expect(api.requestsTo('GET /api/v4/users')).toEqual([]);
  });

  it("edits a teammate's groups: Account Admin includes the rest, and PATCH saves it", async () => {
    const api = mockUsersApi();
    const promoted = userResource(ids.teammate, 'Grace Hopper', 'grace@example.com', {
      permissions: ['account_admin'],
    });
    api.on(`PATCH /api/v4/users/${ids.teammate}`, () => {
      api.on('GET /api/v4/users', { body: listOf([ada, promoted]) });
      return { body: documentOf(promoted) };
    });
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Edit permissions of Grace Hopper',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Grace Hopper' });
    const groups = within(dialog).getByRole('group', { name: 'Permission groups' });
    expect(within(groups).getByRole('checkbox', { name: 'Billing' })).toBeChecked();
    const browse = within(groups).getByRole('checkbox', { name: 'Asset Manager Browse' });
    expect(browse).toBeChecked();
    expect(browse).toBeDisabled();
    expect(browse).toHaveAccessibleDescription(
      'Browse assets and their details. Included with Asset Manager Edit',
    );

    await user.click(within(groups).getByRole('checkbox', { name: 'Account Admin' }));
    for (const name of ['Billing', 'Sources', 'Analytics', 'Purge', 'Asset Manager Edit']) {
      const box = within(groups).getByRole('checkbox', { name });
      expect(box).toBeChecked();
      expect(box).toBeDisabled();
    }
    expect(within(groups).getAllByText('Included with Account Admin')).toHaveLength(6);
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));

    expect(await screen.findByText('Permissions saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.requestsTo(`PATCH /api/v4/users/${ids.teammate}`)[0]?.body).toEqual({
      data: { type: 'users', id: ids.teammate, attributes: { permissions: ['account_admin'] } },
    });
    const row = (await screen.findByText('grace@example.com', { selector: 'td' })).closest('tr');
    await waitFor(() => expect(row).toHaveTextContent('Account Admin'));
  });

  it('brings back the boxes chosen under Account Admin when it is unchecked', async () => {
    mockUsersApi();
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Edit permissions of Grace Hopper',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Grace Hopper' });
    const admin = within(dialog).getByRole('checkbox', { name: 'Account Admin' });
    await user.click(admin);
    await user.click(admin);

    expect(within(dialog).getByRole('checkbox', { name: 'Billing' })).toBeEnabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Billing' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Sources' })).not.toBeChecked();
  });

  it('checks the groups when focus leaves them, not while it moves between the boxes', async () => {
    mockUsersApi();
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Edit permissions of Ada Lovelace',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ada Lovelace' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Account Admin' }));
    // None is chosen for a moment, on the way to choosing another.
    await user.tab();
    expect(within(dialog).getByRole('checkbox', { name: 'Billing' })).toHaveFocus();
    expect(within(dialog).queryByRole('alert')).toBeNull();

    await user.click(within(dialog).getByText('What ada@example.com may do in this account.'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give every user at least one permission group',
    );
  });

  it("shows the API's refusal to remove the last Account Admin on the groups", async () => {
    const api = mockUsersApi();
    api.on(
      `PATCH /api/v4/users/${ids.user}`,
      errorReply(409, [
        {
          code: 'conflict',
          detail: LAST_ADMIN,
          source: { pointer: '/data/attributes/permissions' },
        },
      ]),
    );
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Edit permissions of Ada Lovelace',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ada Lovelace' });
    const admin = within(dialog).getByRole('checkbox', { name: 'Account Admin' });
    await user.click(admin);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Billing' }));
    // Editing oneself: giving up Account Admin is said before saving.
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Once saved, you can no longer manage users or their permissions.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(LAST_ADMIN);
    expect(
      within(dialog).getByRole('group', { name: 'Permission groups' }),
    ).toHaveAccessibleDescription(`Choose at least one. ${LAST_ADMIN}`);
    expect(admin).toHaveFocus();
    expect(api.requestsTo(`PATCH /api/v4/users/${ids.user}`)[0]?.body).toEqual({
      data: { type: 'users', id: ids.user, attributes: { permissions: ['billing'] } },
    });
    // Nothing was saved: the session keeps its groups.
    expect(getSession()?.permissions).toEqual(userSession.permissions);
  });

  it('refuses to save no group at all, before sending', async () => {
    const api = mockUsersApi();
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Edit permissions of Grace Hopper',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Grace Hopper' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Billing' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Asset Manager Edit' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Asset Manager Browse' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Give every user at least one permission group',
    );
    expect(api.requestsTo(`PATCH /api/v4/users/${ids.teammate}`)).toEqual([]);
  });

  it('takes the new groups into the session when users edit their own', async () => {
    const api = mockUsersApi();
    const demoted = userResource(ids.user, 'Ada Lovelace', 'ada@example.com', {
      permissions: ['asset_manager_edit'],
    });
    api.on(`PATCH /api/v4/users/${ids.user}`, { body: documentOf(demoted) });
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Edit permissions of Ada Lovelace',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ada Lovelace' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Account Admin' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Asset Manager Edit' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save permissions' }));

    await waitFor(() =>
      expect(getSession()?.permissions).toEqual(['asset_manager_browse', 'asset_manager_edit']),
    );
    expect(
      await screen.findByRole('region', {
        name: 'This page needs the Account Admin permission group',
      }),
    ).toBeInTheDocument();
  });

  it('shows a loading state, then an empty state with the add-user action', async () => {
    mockUsersApi([]);
    renderApp('/users');

    expect(await screen.findByText('Loading users')).toBeInTheDocument();
    expect(await screen.findByText('No teammates yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Add user' })).toHaveLength(2);
  });

  it('shows an error with a retry that loads the list again', async () => {
    const api = mockUsersApi();
    api.on(
      'GET /api/v4/users',
      errorReply(500, [{ code: 'internal_error', detail: 'The server failed' }]),
    );
    const { user } = renderApp('/users');

    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed');
    api.on('GET /api/v4/users', { body: listOf([ada, grace]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('table')).toHaveTextContent('Grace Hopper');
  });

  it('pages through the list with links from the pagination meta', async () => {
    const api = mockUsersApi();
    api.on('GET /api/v4/users', (request) => {
      const page = new URL(request.url, 'http://localhost').searchParams.get('page[number]');
      return { body: listOf(page === '2' ? [grace] : [ada], Number(page), 30) };
    });
    const { user, router } = renderApp('/users');

    const pages = await screen.findByRole('navigation', { name: 'Users pages' });
    await waitFor(() => expect(pages).toHaveTextContent('1–25 of 30'));
    await user.click(within(pages).getByRole('link', { name: /Next/ }));

    await waitFor(() => expect(pathOf(router)).toBe('/users?page=2'));
    await waitFor(() => expect(pages).toHaveTextContent('26–30 of 30'));
    expect(within(pages).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('table')).toHaveTextContent('Grace Hopper');
  });

  it('invites a user with Asset Manager Browse unless other groups are chosen', async () => {
    const api = mockUsersApi([ada]);
    const alan = userResource('4'.repeat(24), 'Alan Turing', 'alan@example.com', {
      permissions: ['analytics', 'asset_manager_edit'],
      date_invitation_expires: INVITATION_EXPIRES,
    });
    api.on('POST /api/v4/users', {
      status: 201,
      body: documentOf(alan, { included: [invitationOf(alan, 'smtp')] }),
    });
    const { user } = renderApp('/users/new');

    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    const groups = within(dialog).getByRole('group', { name: 'Permission groups' });
    expect(within(groups).getAllByRole('checkbox', { checked: true })).toEqual([
      within(groups).getByRole('checkbox', { name: 'Asset Manager Browse' }),
    ]);

    await user.type(within(dialog).getByLabelText('Name'), 'Alan Turing');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.com');
    await user.click(within(groups).getByRole('checkbox', { name: 'Analytics' }));
    await user.click(within(groups).getByRole('checkbox', { name: 'Asset Manager Edit' }));
    expect(within(groups).getByRole('checkbox', { name: 'Asset Manager Browse' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByRole('dialog', { name: 'Invitation sent' })).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v4/users')[0]?.body).toEqual({
      data: {
        type: 'users',
        attributes: {
          name: 'Alan Turing',
          email: 'alan@example.com',
          permissions: ['analytics', 'asset_manager_edit'],
        },
      },
    });
  });

  it('says the invitation was sent, tracks it, and lists the teammate as pending', async () => {
    const api = mockUsersApi([ada]);
    const alan = userResource('4'.repeat(24), 'Alan Turing', 'alan@example.com', {
      date_invitation_expires: INVITATION_EXPIRES,
    });
    api.on('POST /api/v4/users', () => {
      api.on('GET /api/v4/users', { body: listOf([ada, alan]) });
      return {
        status: 201,
        body: documentOf(alan, { included: [invitationOf(alan, 'smtp')] }),
      };
    });
    const { user, router } = renderApp('/users');

    await user.click((await screen.findAllByRole('link', { name: 'Add user' }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    expect(pathOf(router)).toBe('/users/new');
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());

    await user.type(within(dialog).getByLabelText('Name'), 'Alan Turing');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const sent = await screen.findByRole('dialog', { name: 'Invitation sent' });
    const status = within(sent).getByRole('status');
    expect(status).toHaveTextContent(
      'Invitation sent to alan@example.com. The link works once, until Jan 22, 2099.',
    );
    await waitFor(() => expect(status).toHaveFocus());
    await waitFor(() =>
      expect(api.requestsTo('POST /api/v4/events')[0]?.body).toMatchObject({
        data: { attributes: { name: 'User Added' } },
      }),
    );
    await user.click(within(sent).getByRole('button', { name: 'Done' }));

    await waitFor(() => expect(pathOf(router)).toBe('/users'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await screen.findByText('alan@example.com', { selector: 'td' })).closest('tr');
    expect(row).toHaveTextContent('Invitation pending');
    expect(row).toHaveTextContent('Expires Jan 22, 2099');
  });

  it('tells the admin when the server has no mail and the link went to its log', async () => {
    const api = mockUsersApi([ada]);
    const alan = userResource('4'.repeat(24), 'Alan Turing', 'alan@example.com', {
      date_invitation_expires: INVITATION_EXPIRES,
    });
    api.on('POST /api/v4/users', {
      status: 201,
      body: documentOf(alan, { included: [invitationOf(alan, 'log')] }),
    });
    const { user } = renderApp('/users/new');

    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Alan Turing');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const created = await screen.findByRole('dialog', { name: 'Invitation created' });
    expect(within(created).getByRole('status')).toHaveTextContent(
      'Mail is not configured on this server (SMTP_URL): the invitation link for alan@example.com was written to the server log.',
    );
    await user.click(within(created).getByRole('button', { name: 'Add another user' }));
    const again = await screen.findByRole('dialog', { name: 'Add user' });
    expect(within(again).getByLabelText('Name')).toHaveValue('');
  });

  it('says once that invitation and password-reset links go to the log without mail', async () => {
    const api = mockUsersApi();
    api.on('GET /api/v4/platform-settings', { body: platformSettingsWith('log') });
    renderApp('/users');

    const notice = await screen.findByRole('region', { name: 'This server does not send email' });
    expect(notice).toHaveTextContent(
      'Invitation and password-reset links are written to the server log instead',
    );
    expect(notice).toHaveTextContent(
      'set SMTP_URL (the mail server) and MAIL_FROM (the sender) on the server and restart it.',
    );
    expect(screen.getAllByText(/server log/)).toHaveLength(1);
  });

  it('says nothing about mail when the server sends it by SMTP', async () => {
    const api = mockUsersApi();
    api.on('GET /api/v4/platform-settings', { body: platformSettingsWith('smtp') });
    const { queryClient } = renderApp('/users');

    await screen.findByRole('table');
    await waitFor(() =>
      expect(queryClient.getQueryState(['platform-settings', 'current'])?.status).toBe('success'),
    );
    expect(screen.queryByRole('region', { name: 'This server does not send email' })).toBeNull();
    expect(screen.queryByText(/server log/)).toBeNull();
  });

  it('says a teammate of an account that requires single sign-on joins with the provider', async () => {
    const api = mockUsersApi([ada]);
    const alan = userResource('4'.repeat(24), 'Alan Turing', 'alan@example.com', {
      date_invitation_expires: INVITATION_EXPIRES,
    });
    api.on('POST /api/v4/users', {
      status: 201,
      body: documentOf(alan, { included: [invitationOf(alan, 'smtp', 'Google')] }),
    });
    const { user } = renderApp('/users/new');

    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Alan Turing');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const sent = await screen.findByRole('dialog', { name: 'Invitation sent' });
    expect(sent).toHaveAccessibleDescription(
      'Alan Turing joins once they sign in with Google from the link.',
    );
  });

  it('keeps the form as typed when the mail server refuses the invitation', async () => {
    const api = mockUsersApi([ada]);
    const refused =
      'The invitation to alan@example.com could not be sent: the mail server did not take it.';
    api.on('POST /api/v4/users', errorReply(502, [{ code: 'mail_not_sent', detail: refused }]));
    const { user } = renderApp('/users/new');

    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Alan Turing');
    await user.type(within(dialog).getByLabelText('Email'), 'alan@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(refused);
    expect(within(dialog).getByLabelText('Email')).toHaveValue('alan@example.com');
  });

  it('resends an expired invitation from the list and says where it went', async () => {
    const expired = userResource(ids.teammate, 'Grace Hopper', 'grace@example.com', {
      date_invitation_expires: Date.UTC(2020, 0, 1),
    });
    const api = mockUsersApi([ada, expired]);
    api.on(`POST /api/v4/users/${ids.teammate}/invitation`, {
      status: 201,
      body: documentOf(invitationOf(expired, 'smtp')),
    });
    const { user } = renderApp('/users');

    const row = (await screen.findByText('grace@example.com', { selector: 'td' })).closest('tr');
    expect(row).toHaveTextContent('Invitation expired');
    expect(row).toHaveTextContent('Expired Jan 1, 2020');
    // Active teammates have nothing to resend.
    expect(
      screen.queryByRole('button', { name: 'Resend the invitation to Ada Lovelace' }),
    ).toBeNull();
    await user.click(
      within(row as HTMLElement).getByRole('button', {
        name: 'Resend the invitation to Grace Hopper',
      }),
    );

    expect(await screen.findByText('Invitation sent')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Invitation sent to grace@example.com. The link works once, until Jan 22, 2099.',
      ),
    ).toBeInTheDocument();
    expect(api.requestsTo(`POST /api/v4/users/${ids.teammate}/invitation`)).toHaveLength(1);
  });

  it('shows a taken email on the field of the add-user form', async () => {
    const api = mockUsersApi([ada]);
    api.on(
      'POST /api/v4/users',
      errorReply(409, [
        { code: 'email_taken', detail: 'Taken', source: { pointer: '/data/attributes/email' } },
      ]),
    );
    const { user } = renderApp('/users/new');

    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Grace');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    const email = within(dialog).getByLabelText('Email');
    await waitFor(() =>
      expect(email).toHaveAccessibleDescription('A user with this email already exists.'),
    );
    expect(email).toHaveFocus();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Grace');
  });

  it("refuses a teammate's name with brackets or HTML on its field, before sending", async () => {
    const api = mockUsersApi([ada]);
    const { user } = renderApp('/users/new');

    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    const name = within(dialog).getByLabelText('Name');
    await user.type(name, 'Grace <i>admin</i>');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));

    await waitFor(() =>
      expect(name).toHaveAccessibleDescription('Names cannot include brackets or HTML.'),
    );
    expect(api.requestsTo('POST /api/v4/users')).toEqual([]);
  });

  it('closes the add-user dialog on Escape and on Cancel', async () => {
    mockUsersApi([ada]);
    const { user, router } = renderApp('/users/new');

    await screen.findByRole('dialog', { name: 'Add user' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(pathOf(router)).toBe('/users'));

    await user.click((await screen.findAllByRole('link', { name: 'Add user' }))[0] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull());
  });

  it('deletes a teammate after confirmation', async () => {
    const api = mockUsersApi();
    api.on(`DELETE /api/v4/users/${ids.teammate}`, () => {
      api.on('GET /api/v4/users', { body: listOf([ada]) });
      return { status: 204 };
    });
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Delete Grace Hopper',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete Grace Hopper?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete user' }));

    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText('grace@example.com', { selector: 'td' })).toBeNull(),
    );
    expect(api.requestsTo(`DELETE /api/v4/users/${ids.teammate}`)).toHaveLength(1);
  });

  it('deletes nothing when the confirmation is dismissed', async () => {
    const api = mockUsersApi();
    const { user } = renderApp('/users');

    await user.click(
      await within(await screen.findByRole('table')).findByRole('button', {
        name: 'Delete Grace Hopper',
      }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete Grace Hopper?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Delete Grace Hopper?' })).toBeNull(),
    );
    expect(api.requestsTo(`DELETE /api/v4/users/${ids.teammate}`)).toHaveLength(0);
  });
});
