import { describe, expect, it } from 'vitest';
import { setSession } from '../app/session.ts';
import {
  assetResource,
  assetSourceResource,
  pageOf,
  sourceIds,
} from '../features/assets/assets.test-fixtures.ts';
import { DEFAULT_FILTERS } from '../features/assets/asset-filters.utils.ts';
import { documentOf, errorReply, mockApi } from '../test/fetch-mock.ts';
import { userSession } from '../test/fixtures.ts';
import {
  assetApiPath,
  assetListQuery,
  getAsset,
  getAssets,
  getAssetSources,
  refreshAsset,
  requestAssetIndex,
  toAsset,
  updateAsset,
  type AssetResource,
} from './assets.ts';
import { ApiRequestError } from './client.ts';

const searchOf = (url: string) => new URL(url, 'http://dashboard.test').searchParams;
const cat = () =>
  toAsset(assetResource(sourceIds.first, '/pets/tom #1.jpg') as unknown as AssetResource);

describe('assets API', () => {
  it('puts the origin path after the source id, each segment percent-encoded', () => {
    expect(assetApiPath(sourceIds.first, '/pets/tom #1.jpg')).toBe(
      `/assets/${sourceIds.first}/pets/tom%20%231.jpg`,
    );
  });

  it('sends only the filters that are set', () => {
    expect(assetListQuery(DEFAULT_FILTERS, 2)).toEqual({
      'page[number]': 2,
      'page[size]': 100,
      sort: '-date_created',
      'filter[keyword]': undefined,
      'filter[media_kind]': undefined,
      'filter[content_type]': undefined,
      'filter[has_faces]': undefined,
      'filter[colors]': undefined,
      'filter[hidden]': 'false',
    });
    expect(
      assetListQuery(
        {
          keyword: '  cat ',
          mediaKinds: ['IMAGE', 'ANIMATION'],
          contentType: 'image/png',
          hasFaces: true,
          color: '#ff0000',
          hidden: 'all',
          sort: 'name',
        },
        1,
      ),
    ).toMatchObject({
      'filter[keyword]': 'cat',
      'filter[media_kind]': 'IMAGE,ANIMATION',
      'filter[content_type]': 'image/png',
      'filter[has_faces]': true,
      'filter[colors]': '#ff0000',
      'filter[hidden]': 'all',
      sort: 'name',
    });
  });

  it('lists the browsable sources with their asset counts and indexing state', async () => {
    setSession(userSession);
    const api = mockApi({
      'GET /api/v4/assets/sources/': {
        body: pageOf(
          [
            assetSourceResource(sourceIds.demo, 'demo', {
              asset_count: 11,
              index_status: 'running',
            }),
          ],
          1,
          300,
          1,
        ),
      },
    });
    const [demo] = await getAssetSources();
    expect(demo).toMatchObject({
      id: sourceIds.demo,
      name: 'demo',
      asset_count: 11,
      index_status: 'running',
    });
    const query = searchOf(api.requestsTo('GET /api/v4/assets/sources/')[0]?.url ?? '');
    expect(query.get('page[size]')).toBe('300');
    expect(query.get('filter[enabled]')).toBe('true');
  });

  it('reads a page of assets with its pagination', async () => {
    setSession(userSession);
    mockApi({
      [`GET /api/v4/sources/${sourceIds.first}/assets`]: {
        body: pageOf([assetResource(sourceIds.first, '/a.jpg')], 2, 100, 101),
      },
    });
    const page = await getAssets(sourceIds.first, DEFAULT_FILTERS, 2);
    expect(page.assets.map((asset) => asset.origin_path)).toEqual(['/a.jpg']);
    expect(page.pagination).toMatchObject({
      currentPage: 2,
      hasNextPage: false,
      totalRecords: 101,
    });
  });

  it('reads, changes and refreshes one asset at its encoded address', async () => {
    setSession(userSession);
    const path = `/api/v4/assets/${sourceIds.first}/pets/tom%20%231.jpg`;
    const api = mockApi({
      [`GET ${path}`]: { body: documentOf(assetResource(sourceIds.first, '/pets/tom #1.jpg')) },
      [`PATCH ${path}`]: {
        body: documentOf(assetResource(sourceIds.first, '/pets/tom #1.jpg', { hidden: true })),
      },
      [`POST ${path}/refresh`]: errorReply(404, [
        { code: 'not_found', detail: 'The file is no longer at the origin.' },
      ]),
      [`POST /api/v4/sources/${sourceIds.first}/assets/index`]: { status: 202 },
    });

    expect((await getAsset(sourceIds.first, '/pets/tom #1.jpg')).name).toBe('tom #1.jpg');
    expect((await updateAsset(cat(), { hidden: true })).hidden).toBe(true);
    expect(api.requestsTo(`PATCH ${path}`)[0]?.body).toEqual({
      data: {
        type: 'assets',
        id: `${sourceIds.first}/pets/tom #1.jpg`,
        attributes: { hidden: true },
      },
    });
    const refused = refreshAsset(cat());
    await expect(refused).rejects.toBeInstanceOf(ApiRequestError);
    await expect(refused).rejects.toThrow('The file is no longer at the origin.');
    await expect(requestAssetIndex(sourceIds.first)).resolves.toBeUndefined();
  });
});
