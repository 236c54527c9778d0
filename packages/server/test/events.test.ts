import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, signInAdmin, signUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

function eventBody(attributes: Record<string, unknown>) {
  return { data: { type: 'events', attributes } };
}

describe.each(BACKENDS)('events on $name', (backend) => {
  const context = useTestApp(backend);

  async function eventsOf(userId: string) {
    return context.database.db
      .selectFrom('events')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
  }

  it('stores a dashboard event and answers 202 with data null', async () => {
    const user = await signUp(context.app);
    const response = await call(context.app, 'POST', '/api/v4/events', {
      token: user.token,
      body: eventBody({
        name: 'Source Created',
        properties: { source_type: 's3', count: 2, ok: true, none: null },
      }),
    });
    expect(response.status).toBe(202);
    expect(response.body.data).toBeNull();
    expect(response.body.meta.authentication.mode).toBe('user');
    const stored = await eventsOf(user.userId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      account_id: user.accountId,
      name: 'Source Created',
      properties: { source_type: 's3', count: 2, ok: true, none: null },
    });
  });

  it('stores nothing for an impersonating session but still answers 202', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const user = await signUp(context.app);
    const impersonation = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: { data: { type: 'impersonations', attributes: { user_id: user.userId } } },
    });
    const response = await call(context.app, 'POST', '/api/v4/events', {
      token: impersonation.body.data.attributes.token,
      body: eventBody({ name: 'Paywall Shown' }),
    });
    expect(response.status).toBe(202);
    expect(await eventsOf(user.userId)).toEqual([]);
  });

  it('validates the event name and requires a session', async () => {
    const user = await signUp(context.app);
    const invalid = await call(context.app, 'POST', '/api/v4/events', {
      token: user.token,
      body: eventBody({ properties: {} }),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors[0].source).toEqual({ pointer: '/data/attributes/name' });
    const anonymous = await call(context.app, 'POST', '/api/v4/events', {
      body: eventBody({ name: 'x' }),
    });
    expect(anonymous.status).toBe(401);
  });
});
