import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAssets, type AssetColumn, type AssetFilter } from '../src/store/assets.ts';
import { PGLITE } from './databases.ts';
import { call, signUp, type SignedUp } from './requests.ts';
import {
  createSourceThroughApi,
  fakeStorageAdapterFactory,
  s3Configuration,
} from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

const ROWS = 100_000;

describe('an asset list of 100,000 assets', () => {
  const context = useTestApp(PGLITE, {}, { storageAdapterFactory: fakeStorageAdapterFactory });
  let owner: SignedUp;
  let sourceId: string;

  beforeAll(async () => {
    owner = await signUp(context.app);
    ({ id: sourceId } = await createSourceThroughApi(
      context.app,
      owner.token,
      'scale',
      s3Configuration(),
    ));
    // One statement, so 100,000 rows take seconds rather than minutes: image n is n seconds
    // old, n * 7 bytes long, every tenth one hidden.
    await sql`
      insert into assets (id, source_id, account_id, origin_path, content_type, file_size,
        media_kind, hidden, date_created, date_modified)
      select ${sourceId} || '/images/' || n || '.jpg', ${sourceId}, ${owner.accountId},
        '/images/' || n || '.jpg', 'image/jpeg', n * 7, 'IMAGE', n % 10 = 0,
        timestamptz '2026-01-01' - make_interval(secs => n), timestamptz '2026-01-01'
      from generate_series(1, ${ROWS}) as n
    `.execute(context.database.db);
    await sql`analyze assets`.execute(context.database.db);
  }, 120_000);

  /** The plans of the statements listAssets runs, as EXPLAIN prints them. */
  async function plansOf(filter: AssetFilter, sort: { column: AssetColumn; descending: boolean }) {
    const { db } = context.database;
    const nodes: { node: RootOperationNode; queryId: { queryId: string } }[] = [];
    const recorder: KyselyPlugin = {
      transformQuery(args) {
        nodes.push({ node: args.node, queryId: args.queryId });
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    await listAssets(db.withPlugin(recorder), sourceId, filter, {
      page: 1,
      pageSize: 100,
      sort: [sort],
    });
    const plans: string[] = [];
    for (const { node, queryId } of nodes) {
      const compiled = db.getExecutor().compileQuery(node, queryId);
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      plans.push(result.rows.map((row) => row['QUERY PLAN']).join('\n'));
    }
    return plans;
  }

  it('pages through them in order with the right totals', async () => {
    const first = await call(
      context.app,
      'GET',
      `/api/v4/sources/${sourceId}/assets?page[size]=300`,
      {
        token: owner.token,
      },
    );
    expect(first.status).toBe(200);
    expect(first.body.meta.pagination.totalRecords).toBe(ROWS * 0.9);
    expect(first.body.data[0].attributes.origin_path).toBe('/images/1.jpg');
    const last = await call(
      context.app,
      'GET',
      `/api/v4/sources/${sourceId}/assets?page[size]=300&page[number]=300&sort=-file_size`,
      { token: owner.token },
    );
    expect(last.body.data).toHaveLength(300);
    // The last page, largest first, holds the 300 smallest visible images: nine in each ten
    // (multiples of ten are hidden), so 1 to 329 and then 331, 332 and 333.
    const paths = last.body.data.map(
      (asset: { attributes: { origin_path: string } }) => asset.attributes.origin_path,
    );
    expect(paths[0]).toBe('/images/333.jpg');
    expect(paths.at(-1)).toBe('/images/1.jpg');
    expect(paths.filter((path: string) => /0\.jpg$/.test(path))).toEqual([]);
    expect(last.body.meta.pagination).toMatchObject({ totalPages: 300, hasNextPage: false });
  });

  it('reads the sorts from their indexes instead of sorting the whole source', async () => {
    for (const column of ['date_created', 'date_modified', 'file_size'] as const) {
      for (const descending of [false, true]) {
        const [, page] = await plansOf({ hidden: 'visible' }, { column, descending });
        expect(page, `${column} ${descending ? 'desc' : 'asc'}`).toContain(
          `assets_source_id_${column}_idx`,
        );
        expect(page).not.toMatch(/^\s*(->\s*)?Sort\b/m);
      }
    }
  });
});
