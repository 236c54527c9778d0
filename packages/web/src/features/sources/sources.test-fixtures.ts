import { paginationMeta } from '@darkroom/core';
import { screen } from '@testing-library/react';
import { setSession } from '../../app/session.ts';
import { documentOf, mockApi, type ApiMock } from '../../test/fetch-mock.ts';
import { ids, userResource, userSession } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

export const sourceIds = { first: 'd'.repeat(24), second: 'e'.repeat(24), demo: '0'.repeat(24) };

const DELIVERY_DOMAIN = 'img.example';

/** An install without a generative provider or ffmpeg: the server's defaults. */
export const DEFAULT_PREMIUM_FEATURES = [
  { name: 'background_removal', available: true, unavailable_reason: null },
  {
    name: 'background_replacement',
    available: false,
    unavailable_reason: 'Needs a generative image provider (GENERATIVE_API_URL).',
  },
  { name: 'super_resolution', available: true, unavailable_reason: null },
  {
    name: 'outpainting',
    available: false,
    unavailable_reason: 'Needs a generative image provider (GENERATIVE_API_URL).',
  },
  { name: 'object_removal', available: true, unavailable_reason: null },
  { name: 'image_to_video', available: false, unavailable_reason: 'Needs ffmpeg on the server.' },
];

export function settingsDocumentFor({
  deliveryDomain = DELIVERY_DOMAIN,
  maxOriginBytes = 50000000,
  premiumFeatures = DEFAULT_PREMIUM_FEATURES,
  generativeVideo = false,
} = {}) {
  return documentOf({
    type: 'platform_settings',
    id: 'current',
    attributes: {
      delivery_domain: deliveryDomain,
      allow_private_origins: false,
      max_origin_bytes: maxOriginBytes,
      premium_features: premiumFeatures,
      generative_video: generativeVideo,
    },
  });
}

export const settingsDocument = settingsDocumentFor();

export function accountDocument({ webproxy = false, company = 'Acme Corp' } = {}) {
  return documentOf({
    type: 'accounts',
    id: ids.account,
    attributes: {
      company,
      webproxy_access: webproxy,
      date_created: Date.UTC(2025, 0, 1),
      date_modified: Date.UTC(2025, 0, 1),
    },
  });
}

export function sourceResource(
  id: string,
  name: string,
  extra: {
    enabled?: boolean;
    deployment_status?: string;
    deployment_error?: string | null;
    demo?: boolean;
    production?: Record<string, unknown>;
    date_modified?: number;
    premium_capabilities?: string[];
    date_first_served?: number | null;
    uploads_enabled?: boolean;
  } = {},
) {
  return {
    type: 'sources',
    id,
    attributes: {
      name,
      enabled: extra.enabled ?? true,
      deployment_status: extra.deployment_status ?? 'deployed',
      deployment_error: extra.deployment_error ?? null,
      date_created: Date.UTC(2025, 2, 1),
      date_deployed: Date.UTC(2025, 2, 1),
      date_modified: extra.date_modified ?? Date.UTC(2025, 2, 3, 12),
      date_first_served: extra.date_first_served ?? null,
      global_version: 1,
      is_cors_validated: false,
      enable_multiframe: false,
      // As the server answers: managed storage always takes uploads.
      uploads_enabled: extra.uploads_enabled ?? extra.production?.type === 'darkroom_storage',
      secure_url_enabled: false,
      secure_url_token: '••••beef',
      image_error: null,
      image_missing: null,
      capabilities: { background_removal: null, multiframe: null, video: null },
      premium_capabilities: extra.premium_capabilities ?? [],
      management_capabilities: {},
      production: {
        type: 's3',
        aws_access_key: '••••MPLE',
        aws_secret_key: '••••OKEY',
        aws_bucket: 'my-images',
        aws_prefix: null,
        cache_ttl_behavior: 'default',
        cache_ttl_value: 31536000,
        cache_ttl_error: 300,
        crossdomain_cors_enabled: false,
        crossdomain_xml_enabled: false,
        custom_domains: [],
        default_params: {},
        darkroom_subdomains: [name],
        ...extra.production,
      },
      demo: extra.demo ?? false,
    },
    relationships: { account: { data: { type: 'accounts', id: ids.account } } },
  };
}

export function sourcesList(sources: unknown[], total = sources.length) {
  return documentOf(sources, {
    meta: { ...documentOf(null).meta, pagination: paginationMeta(1, 25, total) },
  });
}

export type SourceFixture = ReturnType<typeof sourceResource>;

/** The calls of a source's configuration page, signed in as an ordinary user. */
export function mockSourcePageApi(
  source: SourceFixture = sourceResource(sourceIds.first, 'photos'),
  settings: Parameters<typeof settingsDocumentFor>[0] = {},
): ApiMock {
  setSession(userSession);
  return mockApi({
    [`GET /api/v4/users/${ids.user}`]: {
      body: documentOf(userResource(ids.user, 'Ada', 'ada@example.com')),
    },
    'GET /api/v4/platform-settings': { body: settingsDocumentFor(settings) },
    [`GET /api/v4/sources/${source.id}`]: { body: documentOf(source) },
    [`GET /api/v4/sources/${source.id}/upload-credentials`]: {
      body: documentOf({
        type: 'upload_credentials',
        id: source.id,
        attributes: { enabled: false, access_key: null, secret_key: null, sas_string: null },
      }),
    },
    'POST /api/v4/events': { status: 202, body: { data: null } },
  });
}

/** Opens the configuration page of `source` and waits for its heading. */
export async function openSourcePage(
  source: SourceFixture = sourceResource(sourceIds.first, 'photos'),
  settings: Parameters<typeof settingsDocumentFor>[0] = {},
) {
  const api = mockSourcePageApi(source, settings);
  const view = renderApp(`/sources/${source.id}`);
  await screen.findByRole('heading', { name: source.attributes.name });
  return { api, ...view };
}

/**
 * Answers PATCH /sources/{id} with the source after the change (attributes merged, production
 * merged, secrets masked as the server does) and returns the sent attributes for assertions.
 */
export function acceptPatches(api: ApiMock, source: SourceFixture) {
  const sent: Record<string, unknown>[] = [];
  api.on(`PATCH /api/v4/sources/${source.id}`, (request) => {
    const attributes = (request.body as { data: { attributes: Record<string, unknown> } }).data
      .attributes;
    sent.push(attributes);
    const { production, ...rest } = attributes;
    const masked = Object.fromEntries(
      Object.entries((production ?? {}) as Record<string, unknown>).map(([key, value]) => [
        key,
        /(_key|_secret_key|sas_string|secret)$/.test(key) && typeof value === 'string'
          ? `••••${value.slice(-4)}`
          : value,
      ]),
    );
    const next = {
      ...source,
      attributes: {
        ...source.attributes,
        ...rest,
        global_version: source.attributes.global_version + sent.length,
        production: { ...source.attributes.production, ...masked },
      },
    };
    return { body: documentOf(next) };
  });
  return sent;
}
