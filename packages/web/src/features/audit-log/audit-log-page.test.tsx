import { paginationMeta } from '@darkroom/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../app/session.ts';
import { adminSession, ids, sessionWith, userResource, userSession } from '../../test/fixtures.ts';
import { documentOf, errorReply, mockApi, type RecordedRequest } from '../../test/fetch-mock.ts';
import { pathOf, renderApp } from '../../test/render-app.tsx';
import { localDayStart } from '../lists/local-day.utils.ts';

const ada = userResource(ids.user, 'Ada Lovelace', 'ada@example.com');
const grace = userResource(ids.teammate, 'Grace Hopper', 'grace@example.com');
const keyId = '4'.repeat(24);
const CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

function eventResource(id: string, attributes: Record<string, unknown>) {
  return {
    type: 'audit_events',
    id,
    attributes: {
      account_id: ids.account,
      action: 'sign_in',
      actor_user_id: ids.user,
      actor_name: 'Ada Lovelace',
      actor_api_key_id: null,
      impersonator_user_id: null,
      target_type: null,
      target_id: null,
      details: {},
      ip: '203.0.113.7',
      user_agent: CHROME,
      date_created: Date.UTC(2025, 5, 15, 12, 30),
      ...attributes,
    },
  };
}

const keyCreated = eventResource('e1'.padEnd(24, '0'), {
  action: 'api_key.created',
  target_type: 'api_keys',
  target_id: keyId,
  details: { name: 'CI purge', permissions: ['purge'] },
});
const keyUsed = eventResource('e2'.padEnd(24, '0'), {
  action: 'api_key.used',
  actor_api_key_id: keyId,
  target_type: 'api_keys',
  target_id: keyId,
  details: { name: 'CI purge' },
  ip: '198.51.100.4',
  user_agent: 'curl/8.4.0',
});
const impersonated = eventResource('e3'.padEnd(24, '0'), {
  action: 'user.updated',
  actor_user_id: ids.teammate,
  actor_name: 'Grace Hopper',
  impersonator_user_id: ids.admin,
  target_type: 'users',
  target_id: ids.user,
  details: { permissions: ['billing'] },
});
const failed = eventResource('e4'.padEnd(24, '0'), {
  action: 'sign_in.failed',
  actor_user_id: null,
  actor_name: null,
  details: { email: 'eve@example.com' },
});

function pageOf(events: unknown[], page = 1, total = events.length) {
  return documentOf(events, {
    meta: { ...documentOf(null).meta, pagination: paginationMeta(page, 25, total) },
  });
}

function mockAuditApi(events: unknown[] = [keyUsed, keyCreated, impersonated, failed]) {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: { body: documentOf(ada) },
    'GET /api/v4/users': { body: documentOf([ada, grace]) },
    'GET /api/v4/api-keys': { body: documentOf([]) },
    'GET /api/v4/audit-events': { body: pageOf(events) },
  });
}

function searchOf(request: RecordedRequest | undefined): URLSearchParams {
  return new URL(request?.url ?? '/', 'http://localhost').searchParams;
}

function rowOf(text: string): HTMLElement {
  const cell = within(screen.getByRole('table')).getAllByText(text)[0];
  return cell?.closest('tr') as HTMLElement;
}

describe('AuditLogPage', () => {
  it('shows who did what, to what, from where, in plain words', async () => {
    const api = mockAuditApi();
    renderApp('/audit-log');

    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    const used = rowOf('Used an API key');
    expect(used).toHaveTextContent('API key “CI purge”of Ada Lovelace');
    expect(used).toHaveTextContent('198.51.100.4');
    expect(used).toHaveTextContent('curl');
    const created = rowOf('Created an API key');
    expect(created).toHaveTextContent('Ada Lovelaceada@example.com');
    expect(created).toHaveTextContent('API key “CI purge”Groups: Purge');
    expect(
      within(created)
        .getByText(/Jun 15, 2025/)
        .closest('time'),
    ).toHaveAttribute('datetime', '2025-06-15T12:30:00.000Z');
    // The user agent in a few words, the full text a click (or Enter) away.
    const device = within(created).getByText('Chrome on macOS');
    expect(device.closest('details')).toHaveTextContent(CHROME);
    const changed = rowOf('Changed a user');
    expect(changed).toHaveTextContent(
      'Grace Hoppergrace@example.comImpersonated by an administrator',
    );
    expect(changed).toHaveTextContent('User Ada LovelaceGroups: Billing');
    const refused = rowOf('Failed to sign in');
    expect(refused).toHaveTextContent('Not signed in');
    expect(refused).toHaveTextContent('Email tried: eve@example.com');

    const query = searchOf(api.requestsTo('GET /api/v4/audit-events')[0]);
    expect(query.get('sort')).toBe('-date_created');
    expect(query.get('page[number]')).toBe('1');
    expect([...query.keys()].some((key) => key.startsWith('filter'))).toBe(false);
  });

  it('asks for the filtered view a link names, and shows its filters', async () => {
    const api = mockAuditApi([keyCreated]);
    renderApp(
      `/audit-log?action=api_key.created&actor=${ids.user}&since=2025-06-01&until=2025-06-30`,
    );

    await screen.findByRole('table');
    const query = searchOf(api.requestsTo('GET /api/v4/audit-events')[0]);
    expect(query.get('filter[action]')).toBe('api_key.created');
    expect(query.get('filter[actor_user_id]')).toBe(ids.user);
    expect(query.get('filter[since]')).toBe(String(localDayStart('2025-06-01')));
    expect(query.get('filter[until]')).toBe(String(localDayStart('2025-07-01')));
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent(
      'Created an API key',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Person' })).toHaveTextContent(
        'Ada Lovelace (ada@example.com)',
      ),
    );
    expect(screen.getByLabelText('From')).toHaveValue('2025-06-01');
    expect(screen.getByLabelText('To')).toHaveValue('2025-06-30');
  });

  it('puts each filter in the address, back on the first page, and clears them', async () => {
    const api = mockAuditApi();
    const { user, router } = renderApp('/audit-log?page=3');

    await user.click(await screen.findByRole('combobox', { name: 'Action' }));
    await user.click(screen.getByRole('option', { name: 'Used an API key' }));
    await waitFor(() => expect(pathOf(router)).toBe('/audit-log?action=api_key.used'));

    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    await user.click(
      await screen.findByRole('option', { name: 'Grace Hopper (grace@example.com)' }),
    );
    await waitFor(() =>
      expect(pathOf(router)).toBe(`/audit-log?action=api_key.used&actor=${ids.teammate}`),
    );

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-06-01' } });
    await waitFor(() => expect(pathOf(router)).toContain('since=2025-06-01'));
    await waitFor(() =>
      expect(searchOf(api.requestsTo('GET /api/v4/audit-events').at(-1)).get('filter[since]')).toBe(
        String(localDayStart('2025-06-01')),
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(pathOf(router)).toBe('/audit-log'));
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveTextContent('Any action');
  });

  it('says when the days cannot both hold', async () => {
    mockAuditApi([]);
    renderApp('/audit-log?since=2025-06-10&until=2025-06-01');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The “From” day is after the “To” day.',
    );
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  });

  it('pages through the log keeping the filters', async () => {
    const api = mockAuditApi();
    api.on('GET /api/v4/audit-events', (request) => {
      const page = Number(searchOf(request).get('page[number]'));
      return { body: pageOf(page === 2 ? [failed] : [keyUsed], page, 30) };
    });
    const { user, router } = renderApp('/audit-log?action=sign_in.failed');

    const pages = await screen.findByRole('navigation', { name: 'Audit log pages' });
    await user.click(within(pages).getByRole('link', { name: /Next/ }));

    await waitFor(() => expect(pathOf(router)).toBe('/audit-log?action=sign_in.failed&page=2'));
    await waitFor(() => expect(pages).toHaveTextContent('26–30 of 30'));
    expect(screen.getByRole('table')).toHaveTextContent('Failed to sign in');
  });

  it('shows a loading state, then an empty log with what it will hold', async () => {
    mockAuditApi([]);
    renderApp('/audit-log');

    expect(await screen.findByText('Loading the audit log')).toBeInTheDocument();
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
  });

  it('says when no event matches the filters, with the way back', async () => {
    mockAuditApi([]);
    const { user, router } = renderApp('/audit-log?action=purge.requested');

    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('link', { name: 'Clear filters' })[0] as HTMLElement);
    await waitFor(() => expect(pathOf(router)).toBe('/audit-log'));
  });

  it('shows an error with a retry', async () => {
    const api = mockAuditApi();
    api.on(
      'GET /api/v4/audit-events',
      errorReply(500, [{ code: 'internal_error', detail: 'The server failed' }]),
    );
    const { user } = renderApp('/audit-log');

    expect(await screen.findByRole('alert')).toHaveTextContent('The server failed');
    api.on('GET /api/v4/audit-events', { body: pageOf([failed]) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toHaveTextContent('Failed to sign in');
  });

  it('explains the page to a teammate without Account Admin, and asks nothing', async () => {
    const api = mockAuditApi();
    setSession(sessionWith(userSession, ['analytics']));
    renderApp('/audit-log');

    expect(
      await screen.findByRole('region', {
        name: 'This page needs the Account Admin permission group',
      }),
    ).toBeInTheDocument();
    expect(api.requestsTo('GET /api/v4/audit-events')).toEqual([]);
  });
});

describe('AdminAuditLogPage', () => {
  const admin = userResource(ids.admin, 'Root Operator', 'root@example.com', {
    admin: true,
    account_id: ids.otherAccount,
  });
  const accounts = [
    { type: 'accounts', id: ids.account, attributes: { company: 'Analytical Engines' } },
    { type: 'accounts', id: ids.otherAccount, attributes: { company: 'Darkroom HQ' } },
  ];

  function mockAdminApi() {
    setSession(adminSession);
    return mockApi({
      [`GET /api/v4/admin/users/${ids.admin}`]: { body: documentOf(admin) },
      'GET /api/v4/admin/users': { body: documentOf([ada, grace]) },
      'GET /api/v4/admin/accounts': { body: documentOf(accounts) },
      'GET /api/v4/admin/audit-events': { body: pageOf([keyCreated, impersonated]) },
    });
  }

  it("reads every account's log, naming each row's account, and filters by account", async () => {
    const api = mockAdminApi();
    const { user, router } = renderApp('/admin/audit-log');

    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader')[1]).toHaveTextContent('Account');
    await waitFor(() =>
      expect(rowOf('Created an API key')).toHaveTextContent('Analytical Engines'),
    );

    await user.click(screen.getByRole('combobox', { name: 'Account' }));
    await user.click(screen.getByRole('option', { name: 'Analytical Engines' }));
    await waitFor(() => expect(pathOf(router)).toBe(`/admin/audit-log?account=${ids.account}`));
    await waitFor(() =>
      expect(
        searchOf(api.requestsTo('GET /api/v4/admin/audit-events').at(-1)).get('filter[account_id]'),
      ).toBe(ids.account),
    );
    // The people offered are the chosen account's.
    await waitFor(() =>
      expect(
        searchOf(api.requestsTo('GET /api/v4/admin/users').at(-1)).get('filter[account_id]'),
      ).toBe(ids.account),
    );
  });

  it('answers not found to everyone else', async () => {
    const api = mockAuditApi();
    renderApp('/admin/audit-log');

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(api.requestsTo('GET /api/v4/admin/audit-events')).toEqual([]);
  });
});
