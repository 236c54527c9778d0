// Spec platform section 5: "Names cannot include brackets or HTML." Every name and label the API
// stores (account company, user names, source names, asset names, categories and tags) is
// refused alike, with the spec's message on the field.
import { beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, PASSWORD, signUp, uniqueEmail, type SignedUp } from './requests.ts';
import { createSourceThroughApi } from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

const RULE = 'Names cannot include brackets or HTML.';
const NAME = 'Rocket <b>x</b> [1]';

function document(type: string, attributes: Record<string, unknown>) {
  return { data: { type, attributes } };
}

describe.each(BACKENDS)('names and labels on $name', (backend) => {
  const context = useTestApp(backend);
  let owner: SignedUp;
  let source: { id: string };

  beforeAll(async () => {
    owner = await signUp(context.app);
    source = await createSourceThroughApi(context.app, owner.token, 'names');
    for (const originPath of ['/rocket.jpg', '/scan [2].jpg']) {
      await context.database.db
        .insertInto('assets')
        .values({
          id: `${source.id}${originPath}`,
          source_id: source.id,
          account_id: owner.accountId,
          origin_path: originPath,
          media_kind: 'IMAGE',
          is_renderable: true,
          date_created: new Date(),
          date_modified: new Date(),
        })
        .execute();
    }
  });

  function expectRule(response: { status: number; body: { errors: unknown[] } }, field: string) {
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    expect(response.body.errors).toContainEqual(
      expect.objectContaining({
        code: 'validation_failed',
        detail: RULE,
        source: { pointer: `/data/attributes/${field}` },
      }),
    );
  }

  it.each(['company', 'name'])('refuses an account %s with brackets or HTML', async (field) => {
    const response = await call(context.app, 'POST', '/api/v4/accounts', {
      body: document('accounts', {
        company: 'Acme',
        name: 'Ada',
        email: uniqueEmail(),
        password: PASSWORD,
        [field]: NAME,
      }),
    });
    expectRule(response, field);
  });

  it("refuses a teammate's name with brackets", async () => {
    const response = await call(context.app, 'POST', '/api/v4/users', {
      token: owner.token,
      body: document('users', { name: 'Ada {admin}', email: uniqueEmail(), password: PASSWORD }),
    });
    expectRule(response, 'name');
  });

  it('refuses a source name with HTML, on creation and on change', async () => {
    const created = await call(context.app, 'POST', '/api/v4/sources', {
      token: owner.token,
      body: document('sources', {
        name: NAME,
        production: { type: 'darkroom_storage', darkroom_subdomains: ['names-html'] },
      }),
    });
    expectRule(created, 'name');
    const changed = await call(context.app, 'PATCH', `/api/v4/sources/${source.id}`, {
      token: owner.token,
      body: document('sources', { name: NAME }),
    });
    expectRule(changed, 'name');
  });

  it('refuses an asset name, category or tag with brackets or HTML', async () => {
    const url = `/api/v4/assets/${source.id}/rocket.jpg`;
    for (const [attributes, field] of [
      [{ name: NAME }, 'name'],
      [{ categories: ['Space', '<i>Rockets</i>'] }, 'categories/1'],
      [{ labels_user_defined: ['[launch]'] }, 'labels_user_defined/0'],
    ] as const) {
      const response = await call(context.app, 'PATCH', url, {
        token: owner.token,
        body: document('assets', attributes),
      });
      expectRule(response, field);
    }
    const asset = await call(context.app, 'GET', url, { token: owner.token });
    expect(asset.body.data.attributes).toMatchObject({
      name: 'rocket.jpg',
      categories: [],
      labels_user_defined: [],
    });
  });

  it('takes back the file name an asset shows, brackets and all, as no change', async () => {
    // The edit form sends every field: the name it showed comes back with the new tags.
    const response = await call(
      context.app,
      'PATCH',
      `/api/v4/assets/${source.id}/scan%20%5B2%5D.jpg`,
      {
        token: owner.token,
        body: document('assets', { name: 'scan [2].jpg', labels_user_defined: ['receipt'] }),
      },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes).toMatchObject({
      name: 'scan [2].jpg',
      labels_user_defined: ['receipt'],
    });
  });

  it('accepts punctuation, parentheses and ampersands', async () => {
    const response = await call(context.app, 'PATCH', `/api/v4/assets/${source.id}/rocket.jpg`, {
      token: owner.token,
      body: document('assets', {
        name: "Ada's rocket & moon (2024)",
        categories: ['Space: launches'],
      }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.attributes.name).toBe("Ada's rocket & moon (2024)");
  });
});
