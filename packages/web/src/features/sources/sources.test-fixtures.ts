import { paginationMeta } from '@darkroom/core';
import { ids } from '../../test/fixtures.ts';
import { documentOf } from '../../test/fetch-mock.ts';

export const sourceIds = { first: 'd'.repeat(24), second: 'e'.repeat(24), demo: '0'.repeat(24) };

export const DELIVERY_DOMAIN = 'img.example';

export const settingsDocument = documentOf({
  type: 'platform_settings',
  id: 'current',
  attributes: {
    delivery_domain: DELIVERY_DOMAIN,
    allow_private_origins: false,
    max_origin_bytes: 50000000,
  },
});

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
      global_version: 1,
      is_cors_validated: false,
      enable_multiframe: false,
      secure_url_enabled: false,
      secure_url_token: '••••beef',
      image_error: null,
      image_missing: null,
      capabilities: { background_removal: null, multiframe: null, video: null },
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
