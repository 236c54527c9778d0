import { paginationMeta } from '@darkroom/core';
import { setSession } from '../../app/session.ts';
import { documentOf, mockApi, type ApiMock } from '../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../test/fixtures.ts';
import { settingsDocument, sourceIds, sourceResource } from '../sources/sources.test-fixtures.ts';

export { sourceIds };

/** An asset as GET /api/v4/assets/... answers it (spec platform section 3 'Asset', section 7). */
export function assetResource(
  sourceId: string,
  originPath: string,
  extra: Record<string, unknown> = {},
) {
  const name = originPath.split('/').at(-1) ?? originPath;
  return {
    type: 'assets',
    id: `${sourceId}${originPath}`,
    attributes: {
      origin_path: originPath,
      source_id: sourceId,
      content_type: 'image/jpeg',
      file_size: 123456,
      media_kind: 'IMAGE',
      media_width: 1411,
      media_height: 940,
      dpi_width: 72,
      dpi_height: 72,
      image_mode: 'RGB',
      color_profile_name: 'sRGB IEC61966-2.1',
      colors: [
        { hex: '#1a2b3c', share: 0.31 },
        { hex: '#f0e0d0', share: 0.2 },
      ],
      has_frames: false,
      has_colors: true,
      is_renderable: true,
      face_count: null,
      has_faces: false,
      has_labels: false,
      has_warnings: false,
      is_identified: false,
      labels: [],
      labels_cloud_vision: [],
      labels_user_defined: ['tag'],
      labels_alt_text_predictions: [],
      alt_text: null,
      warnings: { adult: null, medical: null, racy: null, spoof: null, violence: null },
      categories: ['pets'],
      description: null,
      name,
      metadata: {},
      uploaded_by: null,
      hidden: false,
      date_created: '2026-11-22T03:00:00.000Z',
      date_modified: '2026-11-22T03:00:00.000Z',
      fullURL: `http://photos.localhost:8080${originPath
        .split('/')
        .map(encodeURIComponent)
        .join('/')}`,
      fullVideoURL: null,
      ...extra,
    },
  };
}

export type AssetFixture = ReturnType<typeof assetResource>;

/** A source as GET /api/v4/assets/sources/ lists it. */
export function assetSourceResource(
  id: string,
  name: string,
  extra: {
    asset_count?: number;
    index_status?: string | null;
    production?: Record<string, unknown>;
  } = {},
) {
  const source = sourceResource(id, name, {
    demo: id === sourceIds.demo,
    production: extra.production,
  });
  return {
    ...source,
    attributes: {
      ...source.attributes,
      asset_count: extra.asset_count ?? 0,
      index_status: extra.index_status ?? 'finished',
      indexed_at: '2026-11-22T03:00:00.000Z',
    },
  };
}

/** One page of a list answer with its pagination meta. */
export function pageOf(data: unknown[], page: number, pageSize: number, total: number) {
  return documentOf(data, {
    meta: { ...documentOf(null).meta, pagination: paginationMeta(page, pageSize, total) },
  });
}

/** The calls every dashboard page makes, signed in as an ordinary user. */
/** The marker the dashboard adds to its own thumbnails and previews (api/delivery-markers.ts). */
export const deliveryMarkerDocument = documentOf({
  type: 'delivery_markers',
  id: 'current',
  attributes: {
    param: 'dr-internal',
    value: '1700000000.mark',
    expires_at: '2023-11-14T22:13:20Z',
  },
});

export function mockDashboardApi(): ApiMock {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    'GET /api/v4/platform-settings': { body: settingsDocument },
    'GET /api/v4/delivery-markers/current': { body: deliveryMarkerDocument },
    'POST /api/v4/events': { status: 202 },
  });
}
