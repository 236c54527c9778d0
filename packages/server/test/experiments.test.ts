import { EXPERIMENTS, EXPERIMENT_VIEWED_EVENT, variantFor } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { insertEvent } from '../src/store/events.ts';
import { BACKENDS } from './databases.ts';
import { call, signInAdmin, signUp, type SignedUp } from './requests.ts';
import { useTestApp } from './test-app.ts';

const WIZARD = 'wizard-first-step';

describe.each(BACKENDS)('experiments on $name', (backend) => {
  const context = useTestApp(backend);

  async function assignmentRows(userId: string) {
    return context.database.db
      .selectFrom('experiment_assignments')
      .select(['experiment', 'variant'])
      .where('user_id', '=', userId)
      .execute();
  }

  async function assignments(token: string) {
    return call(context.app, 'GET', '/api/v4/experiments/assignments', { token });
  }

  async function impersonate(userId: string): Promise<string> {
    const admin = await signInAdmin(context.app, context.database);
    const response = await call(context.app, 'POST', '/api/v4/admin/impersonations', {
      token: admin.token,
      body: { data: { type: 'impersonations', attributes: { user_id: userId } } },
    });
    return response.body.data.attributes.token as string;
  }

  async function sendViewed(user: SignedUp, variant: string) {
    const response = await call(context.app, 'POST', '/api/v4/events', {
      token: user.token,
      body: {
        data: {
          type: 'events',
          attributes: {
            name: EXPERIMENT_VIEWED_EVENT,
            properties: { experiment: WIZARD, variant },
          },
        },
      },
    });
    expect(response.status).toBe(202);
  }

  it('assigns each experiment once, stores it, and answers the same from another app', async () => {
    const user = await signUp(context.app);
    expect(await assignmentRows(user.userId)).toEqual([]);
    const first = await assignments(user.token);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      type: 'experiment_assignments',
      id: user.userId,
      attributes: {
        variants: { [WIZARD]: variantFor(WIZARD, user.userId) },
        impersonating: false,
      },
    });
    expect(await assignmentRows(user.userId)).toEqual([
      { experiment: WIZARD, variant: variantFor(WIZARD, user.userId) },
    ]);
    const other = await context.appWith({});
    const again = await assignments(user.token);
    const fromOther = await call(other, 'GET', '/api/v4/experiments/assignments', {
      token: user.token,
    });
    expect(again.body.data).toEqual(first.body.data);
    expect(fromOther.body.data).toEqual(first.body.data);
    expect(await assignmentRows(user.userId)).toHaveLength(1);
  });

  it('keeps a stored variant, and falls back to the control when it left the registry', async () => {
    const user = await signUp(context.app);
    const [control, other] = EXPERIMENTS[WIZARD].variants;
    // A variant other than the hash's: the stored row wins over recomputing it.
    const stored = variantFor(WIZARD, user.userId) === control ? other : control;
    await context.database.db
      .insertInto('experiment_assignments')
      .values({ user_id: user.userId, experiment: WIZARD, variant: stored })
      .execute();
    expect((await assignments(user.token)).body.data.attributes.variants[WIZARD]).toBe(stored);

    await context.database.db
      .updateTable('experiment_assignments')
      .set({ variant: 'retired-wording' })
      .where('user_id', '=', user.userId)
      .execute();
    expect((await assignments(user.token)).body.data.attributes.variants[WIZARD]).toBe(control);
    expect(await assignmentRows(user.userId)).toEqual([{ experiment: WIZARD, variant: control }]);
  });

  it('neither assigns nor records exposure for an impersonating session', async () => {
    const user = await signUp(context.app);
    const token = await impersonate(user.userId);
    const response = await assignments(token);
    expect(response.status).toBe(200);
    expect(response.body.data.attributes).toEqual({
      variants: { [WIZARD]: variantFor(WIZARD, user.userId) },
      impersonating: true,
    });
    expect(await assignmentRows(user.userId)).toEqual([]);

    const viewed = await call(context.app, 'POST', '/api/v4/events', {
      token,
      body: {
        data: {
          type: 'events',
          attributes: {
            name: EXPERIMENT_VIEWED_EVENT,
            properties: { experiment: WIZARD, variant: variantFor(WIZARD, user.userId) },
          },
        },
      },
    });
    expect(viewed.status).toBe(202);
    const events = await context.database.db
      .selectFrom('events')
      .select('name')
      .where('user_id', '=', user.userId)
      .where('name', '=', EXPERIMENT_VIEWED_EVENT)
      .execute();
    expect(events).toEqual([]);
  });

  it('refuses API keys and anonymous callers', async () => {
    const user = await signUp(context.app);
    const key = await call(context.app, 'POST', '/api/v4/api-keys', {
      token: user.token,
      body: { data: { type: 'api_keys', attributes: { name: 'ci', permissions: ['analytics'] } } },
    });
    expect(key.status).toBe(201);
    const byKey = await assignments(key.body.data.attributes.key as string);
    expect(byKey.status).toBe(403);
    expect(byKey.body.errors[0].detail).toBe("Experiments are the dashboard's own: sign in to it.");
    expect((await call(context.app, 'GET', '/api/v4/experiments/assignments')).status).toBe(401);
  });

  it('counts assigned, exposed and converted users per variant for install admins', async () => {
    const admin = await signInAdmin(context.app, context.database);
    const before = await call(context.app, 'GET', '/api/v4/admin/experiments', {
      token: admin.token,
    });
    expect(before.status).toBe(200);
    const countsBefore = new Map<string, { assigned: number; exposed: number; converted: number }>(
      before.body.data[0].attributes.variants.map(
        (row: { variant: string; assigned: number; exposed: number; converted: number }) => [
          row.variant,
          row,
        ],
      ),
    );

    // Converted: shown the variant, then deployed a source.
    const converted = await signUp(context.app);
    const convertedVariant = (await assignments(converted.token)).body.data.attributes.variants[
      WIZARD
    ] as string;
    await sendViewed(converted, convertedVariant);
    await sendViewed(converted, convertedVariant);
    await insertEvent(context.database.db, {
      accountId: converted.accountId,
      userId: converted.userId,
      name: 'Source Deployed',
      properties: {},
    });
    // Assigned only; and a deploy before any exposure is not credited to the variant.
    const unexposed = await signUp(context.app);
    await insertEvent(context.database.db, {
      accountId: unexposed.accountId,
      userId: unexposed.userId,
      name: 'Source Deployed',
      properties: {},
    });
    const unexposedVariant = (await assignments(unexposed.token)).body.data.attributes.variants[
      WIZARD
    ] as string;
    // An exposure naming a variant the user was not assigned does not count.
    const otherVariant = EXPERIMENTS[WIZARD].variants.find((v) => v !== unexposedVariant) ?? '';
    await sendViewed(unexposed, otherVariant);

    const response = await call(context.app, 'GET', '/api/v4/admin/experiments', {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const [experiment] = response.body.data;
    expect(experiment).toMatchObject({
      type: 'experiments',
      id: WIZARD,
      attributes: {
        description: EXPERIMENTS[WIZARD].description,
        conversion_event: 'Source Deployed',
      },
    });
    const expected = EXPERIMENTS[WIZARD].variants.map((variant) => {
      const was = countsBefore.get(variant) ?? { assigned: 0, exposed: 0, converted: 0 };
      const assigned =
        was.assigned + Number(variant === convertedVariant) + Number(variant === unexposedVariant);
      const exposed = was.exposed + Number(variant === convertedVariant);
      const conversions = was.converted + Number(variant === convertedVariant);
      return {
        variant,
        assigned,
        exposed,
        converted: conversions,
        conversion_rate: exposed === 0 ? null : conversions / exposed,
      };
    });
    expect(experiment.attributes.variants).toEqual(expected);
  });

  it('hides the results from everyone but install admins', async () => {
    const user = await signUp(context.app);
    const response = await call(context.app, 'GET', '/api/v4/admin/experiments', {
      token: user.token,
    });
    // Like every /api/v4/admin route: the route does not exist for them (api/routes.ts).
    expect(response.status).toBe(404);
    expect((await call(context.app, 'GET', '/api/v4/admin/experiments')).status).toBe(404);
  });

  it('deletes the assignments with the user', async () => {
    const owner = await signUp(context.app);
    const created = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: {
        data: {
          type: 'users',
          attributes: {
            name: 'Temp',
            email: `temp-${owner.userId}@example.com`,
            password: 'correct horse battery',
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const userId = created.body.data.id as string;
    await context.database.db
      .insertInto('experiment_assignments')
      .values({ user_id: userId, experiment: WIZARD, variant: variantFor(WIZARD, userId) })
      .execute();
    const deleted = await call(context.app, 'DELETE', `/api/v4/users/${userId}`, {
      token: owner.token,
    });
    expect(deleted.status).toBeLessThan(300);
    expect(await assignmentRows(userId)).toEqual([]);
  });
});
