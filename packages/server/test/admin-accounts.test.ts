import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, signInAdmin, signUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

interface AccountAttributes {
  company: string;
  capabilities: string[];
  plan?: { name: string; capabilities: string[] };
}

function accountPatch(id: string, capabilities: string[]) {
  return { data: { type: 'accounts', id, attributes: { capabilities } } };
}

// The install administrator's accounts screen: every account with its plan and its own grants,
// edited through PATCH /admin/accounts/:id (editor spec section 3, 'Capabilities').
describe.each(BACKENDS)('admin accounts screen on $name', (backend) => {
  const context = useTestApp(backend);

  async function adminAccount(token: string, accountId: string) {
    const response = await call(context.app, 'GET', `/api/v4/admin/accounts/${accountId}`, {
      token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.attributes as AccountAttributes;
  }

  it('lists every account with the plan it is on and what that plan grants', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const free = await signUp(context.app, { company: 'Free Folk' });
    const growing = await signUp(context.app, { company: 'Growing Co' });
    await context.database.db
      .insertInto('billing_subscriptions')
      .values({
        id: `sub_${growing.accountId}`,
        account_id: growing.accountId,
        price_id: 'price_darkroom_growth_monthly',
        status: 'active',
        current_period_start: new Date(),
        current_period_end: new Date(Date.now() + 30 * 86_400_000),
      })
      .execute();

    const list = await call(context.app, 'GET', '/api/v4/admin/accounts?page[size]=300', {
      token: admin.token,
    });
    expect(list.status).toBe(200);
    const byId = new Map(
      (list.body.data as { id: string; attributes: AccountAttributes }[]).map((row) => [
        row.id,
        row.attributes,
      ]),
    );
    // An account never billed is on the free plan, which grants nothing.
    expect(byId.get(free.accountId)?.plan).toEqual({ name: 'Free', capabilities: [] });
    expect(byId.get(growing.accountId)?.plan).toEqual({
      name: 'Growth',
      capabilities: [
        'background_removal',
        'background_replacement',
        'super_resolution',
        'outpainting',
        'object_removal',
        'image_to_video',
      ],
    });
    // Reading the list wrote no subscription for the account that had none.
    const rows = await context.database.db
      .selectFrom('billing_subscriptions')
      .select('id')
      .where('account_id', '=', free.accountId)
      .execute();
    expect(rows).toEqual([]);
    expect((await adminAccount(admin.token, growing.accountId)).plan?.name).toBe('Growth');
  });

  it("keeps the plan off a customer's own account answer", async () => {
    const owner = await signUp(context.app);
    const response = await call(context.app, 'GET', `/api/v4/accounts/${owner.accountId}`, {
      token: owner.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).not.toHaveProperty('plan');
  });

  it('answers a grant with the account, its plan included, and audits it', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const customer = await signUp(context.app);
    const response = await call(
      context.app,
      'PATCH',
      `/api/v4/admin/accounts/${customer.accountId}`,
      {
        token: admin.token,
        body: accountPatch(customer.accountId, ['super_resolution', 'background_removal']),
      },
    );
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toMatchObject({
      capabilities: ['background_removal', 'super_resolution'],
      plan: { name: 'Free', capabilities: [] },
    });

    // Recorded after the answer is sent: wait for it in the admin's audit log.
    const deadline = Date.now() + 5000;
    let found: { attributes: Record<string, unknown> } | undefined;
    while (found === undefined && Date.now() < deadline) {
      const log = await call(context.app, 'GET', '/api/v4/admin/audit-events', {
        token: admin.token,
      });
      expect(log.status).toBe(200);
      found = (log.body.data as { attributes: Record<string, unknown> }[]).find(
        (row) =>
          row.attributes.action === 'account.capabilities_changed' &&
          row.attributes.target_id === customer.accountId,
      );
      if (found === undefined) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(found?.attributes).toMatchObject({
      actor_user_id: admin.userId,
      target_type: 'accounts',
      details: { capabilities: ['background_removal', 'super_resolution'] },
    });
  });

  it('hides the screen and its edits from customers, Account Admins included', async () => {
    const customer = await signUp(context.app);
    const before = await adminAccount(
      (await signInAdmin(context.app, context.database)).token,
      customer.accountId,
    );
    for (const [method, url] of [
      ['GET', '/api/v4/admin/accounts'],
      ['GET', `/api/v4/admin/accounts/${customer.accountId}`],
      ['PATCH', `/api/v4/admin/accounts/${customer.accountId}`],
    ] as const) {
      const response = await call(context.app, method, url, {
        token: customer.token,
        ...(method === 'PATCH'
          ? { body: accountPatch(customer.accountId, ['background_replacement']) }
          : {}),
      });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(response.body.errors[0].code).toBe('route_not_found');
    }
    const admin = await signInAdmin(context.app, context.database);
    expect((await adminAccount(admin.token, customer.accountId)).capabilities).toEqual(
      before.capabilities,
    );
  });
});
