import { beforeAll, describe, expect, it } from 'vitest';
import type { NewAsset } from '../src/db/schema.ts';
import { BACKENDS } from './databases.ts';
import { call, signUp, type SignedUp } from './requests.ts';
import {
  createSourceThroughApi,
  fakeStorageAdapterFactory,
  s3Configuration,
} from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

const DEMO_ID = '000000000000000000000000';
function assetBody(attributes: Record<string, unknown>, id?: string) {
  return { data: { type: 'assets', ...(id === undefined ? {} : { id }), attributes } };
}

describe.each(BACKENDS)('the asset API on $name', (backend) => {
  const context = useTestApp(backend, {}, { storageAdapterFactory: fakeStorageAdapterFactory });

  function createSource(owner: SignedUp): Promise<{ id: string; subdomain: string }> {
    return createSourceThroughApi(context.app, owner.token, 'assets', s3Configuration());
  }

  let minute = 0;
  /** Writes an asset row as the indexer would; each one a minute newer than the last. */
  async function insertAsset(
    source: { id: string; accountId: string },
    originPath: string,
    values: Partial<NewAsset> = {},
  ): Promise<string> {
    minute += 1;
    const date = new Date(Date.UTC(2026, 0, 1, 0, minute));
    const id = `${source.id}${originPath}`;
    await context.database.db
      .insertInto('assets')
      .values({
        id,
        source_id: source.id,
        account_id: source.accountId,
        origin_path: originPath,
        content_type: 'image/jpeg',
        file_size: 1000,
        media_kind: 'IMAGE',
        media_width: 640,
        media_height: 480,
        is_renderable: true,
        date_created: date,
        date_modified: date,
        ...values,
      })
      .execute();
    return id;
  }

  async function listPaths(owner: SignedUp, sourceId: string, query = ''): Promise<string[]> {
    const response = await call(context.app, 'GET', `/api/v4/sources/${sourceId}/assets${query}`, {
      token: owner.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.map(
      (asset: { attributes: { origin_path: string } }) => asset.attributes.origin_path,
    );
  }

  describe('listing, searching, filtering and sorting one source', () => {
    let owner: SignedUp;
    let source: { id: string; accountId: string; subdomain: string };

    beforeAll(async () => {
      owner = await signUp(context.app);
      const created = await createSource(owner);
      source = { id: created.id, accountId: owner.accountId, subdomain: created.subdomain };
      await insertAsset(source, '/photos/red cat.jpg', {
        file_size: 5000,
        colors: JSON.stringify([
          { hex: '#f01010', share: 0.6 },
          { hex: '#ffffff', share: 0.3 },
        ]),
        has_colors: true,
        categories: JSON.stringify(['Animals']),
      });
      await insertAsset(source, '/photos/dog.png', {
        content_type: 'image/png',
        file_size: 200,
        name: 'Zebra crossing',
        colors: JSON.stringify([{ hex: '#00ff00', share: 0.9 }]),
        has_colors: true,
        labels_user_defined: JSON.stringify(['Holiday', 'beach']),
      });
      await insertAsset(source, '/loop.gif', {
        content_type: 'image/gif',
        media_kind: 'ANIMATION',
        file_size: 3000,
        has_frames: true,
        description: 'A spinning 100% cotton logo',
        has_faces: true,
        face_count: 2,
      });
      await insertAsset(source, '/clips/intro.mp4', {
        content_type: 'video/mp4',
        media_kind: 'VIDEO',
        file_size: 9000,
      });
      await insertAsset(source, '/secret.jpg', { hidden: true, file_size: 1 });
    });

    it('lists the visible assets newest first, paged with the sources list meta', async () => {
      expect(await listPaths(owner, source.id)).toEqual([
        '/clips/intro.mp4',
        '/loop.gif',
        '/photos/dog.png',
        '/photos/red cat.jpg',
      ]);
      const page = await call(
        context.app,
        'GET',
        `/api/v4/sources/${source.id}/assets?page[number]=2&page[size]=3`,
        { token: owner.token },
      );
      expect(page.status).toBe(200);
      expect(page.body.data.map((asset: { id: string }) => asset.id)).toEqual([
        `${source.id}/photos/red cat.jpg`,
      ]);
      expect(page.body.meta.pagination).toEqual({
        currentPage: 2,
        hasNextPage: false,
        hasPreviousPage: true,
        nextPage: null,
        pageSize: 3,
        previousPage: 1,
        totalPages: 2,
        totalRecords: 4,
      });
    });

    it('serializes every attribute of the contract, AI fields left empty', async () => {
      const response = await call(
        context.app,
        'GET',
        `/api/v4/sources/${source.id}/assets?filter[keyword]=red`,
        { token: owner.token },
      );
      const [asset] = response.body.data;
      expect(asset.type).toBe('assets');
      expect(asset.id).toBe(`${source.id}/photos/red cat.jpg`);
      expect(asset.attributes).toMatchObject({
        origin_path: '/photos/red cat.jpg',
        source_id: source.id,
        content_type: 'image/jpeg',
        file_size: 5000,
        media_kind: 'IMAGE',
        media_width: 640,
        media_height: 480,
        colors: [
          { hex: '#f01010', share: 0.6 },
          { hex: '#ffffff', share: 0.3 },
        ],
        has_colors: true,
        is_renderable: true,
        face_count: null,
        has_faces: false,
        has_labels: false,
        labels: [],
        labels_cloud_vision: [],
        labels_alt_text_predictions: [],
        alt_text: null,
        warnings: { adult: null, medical: null, racy: null, spoof: null, violence: null },
        categories: ['Animals'],
        name: 'red cat.jpg',
        metadata: {},
        hidden: false,
        fullVideoURL: null,
      });
      expect(asset.attributes.date_created).toMatch(/^2026-01-01T00:\d\d:00\.000Z$/);
      expect(asset.attributes.fullURL).toBe(
        `http://${source.subdomain}.localhost:8080/photos/red%20cat.jpg`,
      );
      expect(asset.attributes).not.toHaveProperty('account_id');
      expect(asset.attributes).not.toHaveProperty('origin_etag');
    });

    it('searches path, name, description, categories and tags in any letter case', async () => {
      const search = (keyword: string) =>
        listPaths(owner, source.id, `?filter[keyword]=${encodeURIComponent(keyword)}`);
      expect(await search('PHOTOS/')).toEqual(['/photos/dog.png', '/photos/red cat.jpg']);
      expect(await search('zebra')).toEqual(['/photos/dog.png']);
      expect(await search('SPINNING')).toEqual(['/loop.gif']);
      expect(await search('animal')).toEqual(['/photos/red cat.jpg']);
      expect(await search('holi')).toEqual(['/photos/dog.png']);
      // LIKE wildcards match themselves only.
      expect(await search('100%')).toEqual(['/loop.gif']);
      expect(await search('_')).toEqual([]);
      expect(await search('secret')).toEqual([]);
    });

    it('filters by media kind, content type, faces and colour', async () => {
      expect(await listPaths(owner, source.id, '?filter[media_kind]=ANIMATION,VIDEO')).toEqual([
        '/clips/intro.mp4',
        '/loop.gif',
      ]);
      expect(await listPaths(owner, source.id, '?filter[content_type]=image/png')).toEqual([
        '/photos/dog.png',
      ]);
      expect(await listPaths(owner, source.id, '?filter[has_faces]=true')).toEqual(['/loop.gif']);
      expect(await listPaths(owner, source.id, '?filter[has_faces]=false')).toHaveLength(3);
      expect(await listPaths(owner, source.id, '?filter[colors]=%23ff0000')).toEqual([
        '/photos/red cat.jpg',
      ]);
      expect(await listPaths(owner, source.id, '?filter[colors]=0f0')).toEqual(['/photos/dog.png']);
      expect(await listPaths(owner, source.id, '?filter[colors]=%230000ff')).toEqual([]);
    });

    it('shows hidden assets only when asked', async () => {
      expect(await listPaths(owner, source.id, '?filter[hidden]=true')).toEqual(['/secret.jpg']);
      expect(await listPaths(owner, source.id, '?filter[hidden]=all')).toHaveLength(5);
      expect(await listPaths(owner, source.id, '?filter[hidden]=false')).toHaveLength(4);
    });

    it('sorts by date, file size and name', async () => {
      expect(await listPaths(owner, source.id, '?sort=date_created')).toEqual([
        '/photos/red cat.jpg',
        '/photos/dog.png',
        '/loop.gif',
        '/clips/intro.mp4',
      ]);
      expect(await listPaths(owner, source.id, '?sort=file_size')).toEqual([
        '/photos/dog.png',
        '/loop.gif',
        '/photos/red cat.jpg',
        '/clips/intro.mp4',
      ]);
      expect(await listPaths(owner, source.id, '?sort=-file_size')).toEqual([
        '/clips/intro.mp4',
        '/photos/red cat.jpg',
        '/loop.gif',
        '/photos/dog.png',
      ]);
      // The dog is named "Zebra crossing"; the others sort by their file names.
      expect(await listPaths(owner, source.id, '?sort=name')).toEqual([
        '/clips/intro.mp4',
        '/loop.gif',
        '/photos/red cat.jpg',
        '/photos/dog.png',
      ]);
    });

    it('refuses bad query parameters with a 400 that names them', async () => {
      const cases: [string, string, string][] = [
        ['sort=size', 'sort', 'Sort by one of'],
        ['filter[owner]=me', 'filter[owner]', 'Unknown filter'],
        ['filter[media_kind]=PHOTO', 'filter[media_kind]', 'IMAGE, ANIMATION or VIDEO'],
        ['filter[content_type]=png', 'filter[content_type]', 'media types such as image/png'],
        ['filter[has_faces]=yes', 'filter[has_faces]', 'true or false'],
        ['filter[colors]=red', 'filter[colors]', 'hex colours'],
        ['filter[hidden]=maybe', 'filter[hidden]', 'true, false or all'],
        ['page[size]=301', 'page[size]', '1 to 300'],
        ['page[number]=0', 'page[number]', 'a whole number from 1'],
        ['include=account', 'include', 'Cannot include account'],
      ];
      for (const [query, parameter, detail] of cases) {
        const response = await call(
          context.app,
          'GET',
          `/api/v4/sources/${source.id}/assets?${query}`,
          { token: owner.token },
        );
        expect(response.status, query).toBe(400);
        expect(response.body.errors[0].source).toEqual({ parameter });
        expect(response.body.errors[0].detail).toContain(detail);
      }
    });
  });

  describe('one asset', () => {
    let owner: SignedUp;
    let source: { id: string; accountId: string; subdomain: string };
    const url = (path: string) => `/api/v4/assets/${source.id}${path}`;

    beforeAll(async () => {
      owner = await signUp(context.app);
      const created = await createSource(owner);
      source = { id: created.id, accountId: owner.accountId, subdomain: created.subdomain };
      await insertAsset(source, '/deep/er/summer #1.jpg');
      await insertAsset(source, '/tagged.jpg', { labels_user_defined: JSON.stringify(['sea']) });
    });

    it('reads an asset by its percent-encoded path, with its source on request', async () => {
      const response = await call(
        context.app,
        'GET',
        `${url('/deep/er/summer%20%231.jpg')}?include=source`,
        { token: owner.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data.id).toBe(`${source.id}/deep/er/summer #1.jpg`);
      expect(response.body.data.attributes.fullURL).toMatch(/\/deep\/er\/summer%20%231\.jpg$/);
      expect(response.body.included).toEqual([
        expect.objectContaining({ type: 'sources', id: source.id }),
      ]);
      const missing = await call(context.app, 'GET', url('/deep/er/nothing.jpg'), {
        token: owner.token,
      });
      expect(missing.status).toBe(404);
      expect(missing.body.errors[0].detail).toBe('No asset has this path.');
    });

    it('changes name, description, categories, tags and hidden', async () => {
      const response = await call(context.app, 'PATCH', url('/tagged.jpg'), {
        token: owner.token,
        body: assetBody(
          {
            name: '  Sea view ',
            description: 'Taken at dawn',
            categories: ['Travel'],
            labels_user_defined: ['sea', 'Dawn'],
            hidden: true,
          },
          `${source.id}/tagged.jpg`,
        ),
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data.attributes).toMatchObject({
        name: 'Sea view',
        description: 'Taken at dawn',
        categories: ['Travel'],
        labels_user_defined: ['sea', 'Dawn'],
        hidden: true,
      });
      expect(await listPaths(owner, source.id)).toEqual(['/deep/er/summer #1.jpg']);
      const reset = await call(context.app, 'PATCH', url('/tagged.jpg'), {
        token: owner.token,
        body: assetBody({ name: null, hidden: false }),
      });
      expect(reset.body.data.attributes).toMatchObject({ name: 'tagged.jpg', hidden: false });
      expect(reset.body.data.attributes.labels_user_defined).toEqual(['sea', 'Dawn']);
    });

    it('answers 422 with a pointer per bad field', async () => {
      const patch = (attributes: Record<string, unknown>) =>
        call(context.app, 'PATCH', url('/tagged.jpg'), {
          token: owner.token,
          body: assetBody(attributes),
        });
      const bad = await patch({
        name: 'n'.repeat(256),
        description: 'd'.repeat(2001),
        categories: ['ok', ''],
        labels_user_defined: ['Sea', 'beach', 'SEA'],
        hidden: 'yes',
      });
      expect(bad.status).toBe(422);
      const byPointer = Object.fromEntries(
        bad.body.errors.map((error: { source: { pointer: string }; detail: string }) => [
          error.source.pointer,
          error.detail,
        ]),
      );
      expect(byPointer).toEqual({
        '/data/attributes/name': 'The name can be at most 255 characters long.',
        '/data/attributes/description': 'The description can be at most 2000 characters long.',
        '/data/attributes/categories/1': 'Categories cannot be empty.',
        '/data/attributes/labels_user_defined/2': 'Tag "SEA" is already on this asset.',
        '/data/attributes/hidden': 'hidden must be true or false.',
      });
      const many = await patch({
        labels_user_defined: Array.from({ length: 51 }, (_, i) => `t${i}`),
      });
      expect(many.status).toBe(422);
      expect(many.body.errors[0]).toMatchObject({
        detail: 'An asset can have at most 50 tags.',
        source: { pointer: '/data/attributes/labels_user_defined' },
      });
      const long = await patch({ categories: ['c'.repeat(65)] });
      expect(long.body.errors[0].source.pointer).toBe('/data/attributes/categories/0');
      const readOnly = await patch({ media_width: 10 });
      expect(readOnly.status).toBe(422);
      expect(readOnly.body.errors[0].detail).toContain('Only name, description');
      const empty = await patch({ name: '   ' });
      expect(empty.body.errors[0].detail).toBe('The name cannot be empty.');
      const wrongId = await call(context.app, 'PATCH', url('/tagged.jpg'), {
        token: owner.token,
        body: assetBody({ hidden: true }, `${source.id}/other.jpg`),
      });
      expect(wrongId.status).toBe(409);
      const wrongType = await call(context.app, 'PATCH', url('/tagged.jpg'), {
        token: owner.token,
        body: { data: { type: 'sources', attributes: {} } },
      });
      expect(wrongType.status).toBe(409);
      const unchanged = await call(context.app, 'GET', url('/tagged.jpg'), { token: owner.token });
      expect(unchanged.body.data.attributes.labels_user_defined).toEqual(['sea', 'Dawn']);
    });

    it('starts a manual indexing run of the source', async () => {
      const response = await call(
        context.app,
        'POST',
        `/api/v4/sources/${source.id}/assets/index`,
        {
          token: owner.token,
        },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(202);
      expect(response.body.data).toMatchObject({
        type: 'asset_index_runs',
        id: source.id,
        attributes: { status: 'running', reason: 'manual' },
      });
      const run = await context.database.db
        .selectFrom('asset_index_runs')
        .selectAll()
        .where('source_id', '=', source.id)
        .executeTakeFirstOrThrow();
      expect(run.status).toBe('running');
      const jobs = await context.database.db
        .selectFrom('jobs')
        .select('payload')
        .where('kind', '=', 'asset-index')
        .execute();
      expect(jobs.some((job) => JSON.stringify(job.payload).includes(source.id))).toBe(true);
      const sources = await call(context.app, 'GET', '/api/v4/assets/sources/', {
        token: owner.token,
      });
      const listed = sources.body.data.find((item: { id: string }) => item.id === source.id);
      expect(listed.attributes).toMatchObject({ index_status: 'running', indexed_at: null });
    });
  });

  describe('who may see and change what', () => {
    let owner: SignedUp;
    let stranger: SignedUp;
    let source: { id: string; accountId: string; subdomain: string };

    beforeAll(async () => {
      owner = await signUp(context.app);
      stranger = await signUp(context.app);
      const created = await createSource(owner);
      source = { id: created.id, accountId: owner.accountId, subdomain: created.subdomain };
      await insertAsset(source, '/private.jpg');
      const demoAccount = await context.database.db
        .selectFrom('sources')
        .select('account_id')
        .where('id', '=', DEMO_ID)
        .executeTakeFirstOrThrow();
      await insertAsset({ id: DEMO_ID, accountId: demoAccount.account_id }, '/astronaut.png', {
        content_type: 'image/png',
      });
    });

    it('answers 404 for another account on every asset route, and 401 without a session', async () => {
      const routes: [Parameters<typeof call>[1], string, unknown][] = [
        ['GET', `/api/v4/sources/${source.id}/assets`, undefined],
        ['GET', `/api/v4/assets/${source.id}/private.jpg`, undefined],
        ['PATCH', `/api/v4/assets/${source.id}/private.jpg`, assetBody({ hidden: true })],
        ['POST', `/api/v4/assets/${source.id}/private.jpg/refresh`, undefined],
        ['POST', `/api/v4/sources/${source.id}/assets/index`, undefined],
      ];
      for (const [method, path, body] of routes) {
        const foreign = await call(context.app, method, path, {
          token: stranger.token,
          ...(body === undefined ? {} : { body }),
        });
        expect(foreign.status, `${method} ${path}`).toBe(404);
        expect(foreign.body.errors[0].detail).toBe('No source has this id.');
        const anonymous = await call(context.app, method, path, body === undefined ? {} : { body });
        expect(anonymous.status, `${method} ${path}`).toBe(401);
      }
      const stillVisible = await call(
        context.app,
        'GET',
        `/api/v4/assets/${source.id}/private.jpg`,
        {
          token: owner.token,
        },
      );
      expect(stillVisible.body.data.attributes.hidden).toBe(false);
    });

    it('lets every account read the demo source and nobody change it', async () => {
      expect(await listPaths(stranger, DEMO_ID)).toContain('/astronaut.png');
      const read = await call(context.app, 'GET', `/api/v4/assets/${DEMO_ID}/astronaut.png`, {
        token: stranger.token,
      });
      expect(read.status).toBe(200);
      expect(read.body.data.attributes.fullURL).toMatch(
        /^http:\/\/demo\.localhost:\d+\/astronaut\.png$/,
      );
      const writes: [Parameters<typeof call>[1], string, unknown][] = [
        ['PATCH', `/api/v4/assets/${DEMO_ID}/astronaut.png`, assetBody({ hidden: true })],
        ['POST', `/api/v4/assets/${DEMO_ID}/astronaut.png/refresh`, undefined],
        ['POST', `/api/v4/sources/${DEMO_ID}/assets/index`, undefined],
      ];
      for (const [method, path, body] of writes) {
        const response = await call(context.app, method, path, {
          token: stranger.token,
          ...(body === undefined ? {} : { body }),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.errors[0].detail).toBe('The demo source is read-only.');
      }
    });

    it('lists the browsable sources: the own ones and the demo source, with asset counts', async () => {
      const second = await createSource(owner);
      await call(context.app, 'PATCH', `/api/v4/sources/${second.id}`, {
        token: owner.token,
        body: { data: { type: 'sources', attributes: { enabled: false } } },
      });
      const response = await call(
        context.app,
        'GET',
        '/api/v4/assets/sources/?page[size]=300&filter[enabled]=true',
        { token: owner.token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const ids = response.body.data.map((item: { id: string }) => item.id);
      expect(ids).toEqual(expect.arrayContaining([source.id, DEMO_ID]));
      expect(ids).not.toContain(second.id);
      expect(response.body.meta.pagination.currentPage).toBe(1);
      const own = response.body.data.find((item: { id: string }) => item.id === source.id);
      expect(own.type).toBe('sources');
      expect(own.attributes).toMatchObject({
        asset_count: 1,
        index_status: null,
        indexed_at: null,
      });
      expect(own.attributes.production.darkroom_subdomains).toHaveLength(1);
      const strangers = await call(context.app, 'GET', '/api/v4/assets/sources', {
        token: stranger.token,
      });
      expect(strangers.body.data.map((item: { id: string }) => item.id)).toEqual([DEMO_ID]);
      const disabled = await call(
        context.app,
        'GET',
        '/api/v4/assets/sources/?filter[enabled]=false',
        {
          token: owner.token,
        },
      );
      expect(disabled.body.data.map((item: { id: string }) => item.id)).toEqual([second.id]);
      const bad = await call(context.app, 'GET', '/api/v4/assets/sources/?filter[enabled]=yes', {
        token: owner.token,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].source).toEqual({ parameter: 'filter[enabled]' });
      expect((await call(context.app, 'GET', '/api/v4/assets/sources/')).status).toBe(401);
    });
  });

  describe('manual alt-text languages', () => {
    const languages = (values: unknown) => ({
      data: { type: 'languages', attributes: { languages: values } },
    });

    it('starts with English and keeps one list per account', async () => {
      const owner = await signUp(context.app);
      const other = await signUp(context.app);
      const initial = await call(context.app, 'GET', '/api/v4/assets/manual-alt-text', {
        token: owner.token,
      });
      expect(initial.status).toBe(200);
      expect(initial.body.data).toEqual({
        type: 'languages',
        id: owner.accountId,
        attributes: { languages: ['en'] },
      });
      const created = await call(context.app, 'POST', '/api/v4/assets/manual-alt-text', {
        token: owner.token,
        body: languages(['pt-br', 'de']),
      });
      expect(created.status).toBe(201);
      expect(created.body.data.attributes.languages).toEqual(['pt-BR', 'de']);
      const updated = await call(context.app, 'POST', '/api/v4/assets/manual-alt-text', {
        token: owner.token,
        body: languages(['fr']),
      });
      expect(updated.status).toBe(200);
      const read = await call(context.app, 'GET', '/api/v4/assets/manual-alt-text', {
        token: owner.token,
      });
      expect(read.body.data.attributes.languages).toEqual(['fr']);
      const others = await call(context.app, 'GET', '/api/v4/assets/manual-alt-text', {
        token: other.token,
      });
      expect(others.body.data.attributes.languages).toEqual(['en']);
      expect((await call(context.app, 'GET', '/api/v4/assets/manual-alt-text')).status).toBe(401);
    });

    it('refuses lists that are empty, too long, duplicated or not BCP 47', async () => {
      const owner = await signUp(context.app);
      const post = (values: unknown) =>
        call(context.app, 'POST', '/api/v4/assets/manual-alt-text', {
          token: owner.token,
          body: languages(values),
        });
      const cases: [unknown, string, string][] = [
        [[], '/data/attributes/languages', 'Choose at least one language.'],
        [
          Array.from({ length: 11 }, (_, i) => `x-${String(i).padStart(2, '0')}a`),
          '/data/attributes/languages',
          'Choose at most 10 languages.',
        ],
        [['en', 'EN'], '/data/attributes/languages/1', 'en is already in the list.'],
        [['en', 'not a tag!'], '/data/attributes/languages/1', '"not a tag!" is not a BCP 47'],
        [['en', 'tlh'], '/data/attributes/languages/1', 'Alt text cannot be written in tlh yet'],
        ['en', '/data/attributes/languages', 'languages must be a list'],
      ];
      for (const [values, pointer, detail] of cases) {
        const response = await post(values);
        expect(response.status, JSON.stringify(values)).toBe(422);
        expect(response.body.errors[0].source.pointer).toBe(pointer);
        expect(response.body.errors[0].detail).toContain(detail);
      }
    });
  });
});
