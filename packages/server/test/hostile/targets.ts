// What the hostile requests are aimed at, set up through the API as a new user would: an account
// with a managed source holding uploaded images and a web folder source reading the hostile
// origin, and a second ("victim") account whose resources the malformed API requests name.
// `npm run battery` and the tests beside this file both start here.
import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import sharp from 'sharp';
import type { ApiIds } from './api-routes.ts';
import type { DeliveryImages } from './delivery-urls.ts';

export interface Session {
  token: string;
  userId: string;
  accountId: string;
}

export interface HostileTargets {
  /** `http://127.0.0.1:{port}`: the API's address. */
  baseUrl: string;
  port: number;
  owner: Session;
  /** The Host header of the managed source's deliveries. */
  managedHost: string;
  managedSourceId: string;
  /** The Host header of the web folder source reading `/hostile/` of the origin. */
  originHost: string;
  originSourceId: string;
  images: DeliveryImages;
  /** The ids the malformed API requests use: the victim account's. */
  ids: ApiIds;
  victim: Session;
  /** A second session of the victim, for `DELETE /sessions/current`. */
  disposable: Session;
  adminToken: string;
}

export interface TargetOptions {
  baseUrl: string;
  /** The delivery domain: `localhost:{port}` unless DELIVERY_DOMAIN says otherwise. */
  deliveryDomain: string;
  /** The hostile origin's `/hostile/` folder, e.g. `http://127.0.0.1:4000/hostile/`. */
  originFolderUrl: string;
  /**
   * Waits for the sources' deploy jobs (tests drain the queue; the battery polls the delivery
   * hosts of a running server).
   */
  deploy(hosts: { managed: string; origin: string; victim: string }): Promise<void>;
  /** An admin's bearer token. */
  adminToken(): Promise<string>;
  /** Images of the managed source (path -> bytes); the small one is generated when absent. */
  images: { large: Buffer; overlay: Buffer };
}

async function api(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api/v4${path}`, {
    method,
    headers: {
      accept: JSONAPI_MEDIA_TYPE,
      ...(body === undefined ? {} : { 'content-type': JSONAPI_MEDIA_TYPE }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as { data: { id: string; attributes: Record<string, unknown> } };
}

function session(document: { data: { attributes: Record<string, unknown> } }): Session {
  const { token, user_id: userId, account_id: accountId } = document.data.attributes;
  return { token: String(token), userId: String(userId), accountId: String(accountId) };
}

const PASSWORD = 'battery-password-1';

async function signUp(baseUrl: string, label: string): Promise<Session & { email: string }> {
  const email = `${label}-${Date.now()}@example.com`;
  const created = await api(baseUrl, 'POST', '/accounts', {
    data: {
      type: 'accounts',
      attributes: {
        company: `Battery ${label}`,
        name: 'Battery Person',
        email,
        password: PASSWORD,
      },
    },
  });
  return { ...session(created), email };
}

async function createSource(
  baseUrl: string,
  token: string,
  subdomain: string,
  configuration: Record<string, unknown>,
): Promise<string> {
  const created = await api(
    baseUrl,
    'POST',
    '/sources',
    {
      data: {
        type: 'sources',
        attributes: {
          name: subdomain,
          production: { ...configuration, darkroom_subdomains: [subdomain] },
        },
      },
    },
    token,
  );
  return created.data.id;
}

async function uploadFile(
  baseUrl: string,
  token: string,
  sourceId: string,
  path: string,
  bytes: Buffer,
) {
  const form = new FormData();
  form.append('path', path);
  form.append('file', new Blob([bytes]), path);
  const response = await fetch(`${baseUrl}/api/v4/sources/${sourceId}/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) {
    throw new Error(`uploading ${path} answered ${response.status}: ${await response.text()}`);
  }
}

async function addTeammate(baseUrl: string, token: string, label: string): Promise<string> {
  const created = await api(
    baseUrl,
    'POST',
    '/users',
    {
      data: {
        type: 'users',
        attributes: {
          name: `Battery ${label}`,
          email: `${label}-${Date.now()}@example.com`,
          password: PASSWORD,
        },
      },
    },
    token,
  );
  return created.data.id;
}

/** A 256 x 192 gradient PNG: cheap to render thousands of times. */
export function smallImage(): Promise<Buffer> {
  const width = 256;
  const height = 192;
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = index % width;
    pixels[index * 3 + 1] = Math.floor(index / width);
    pixels[index * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Sets up the accounts, sources and files the hostile requests are aimed at. */
export async function setUpTargets(options: TargetOptions): Promise<HostileTargets> {
  const { baseUrl } = options;
  const port = Number(new URL(baseUrl).port);
  const suffix = Math.random().toString(36).slice(2, 8);
  const owner = await signUp(baseUrl, 'battery-owner');
  const managedSubdomain = `battery-managed-${suffix}`;
  const originSubdomain = `battery-origin-${suffix}`;
  const managedSourceId = await createSource(baseUrl, owner.token, managedSubdomain, {
    type: 'darkroom_storage',
  });
  const images: DeliveryImages = {
    small: '/small.png',
    large: '/large.png',
    overlay: '/overlay.png',
  };
  await uploadFile(baseUrl, owner.token, managedSourceId, 'small.png', await smallImage());
  await uploadFile(baseUrl, owner.token, managedSourceId, 'large.png', options.images.large);
  await uploadFile(baseUrl, owner.token, managedSourceId, 'overlay.png', options.images.overlay);
  const originSourceId = await createSource(baseUrl, owner.token, originSubdomain, {
    type: 'webfolder',
    webfolder_prefix: options.originFolderUrl,
  });

  const victim = await signUp(baseUrl, 'battery-victim');
  const victimSubdomain = `battery-victim-${suffix}`;
  const victimSourceId = await createSource(baseUrl, victim.token, victimSubdomain, {
    type: 'darkroom_storage',
  });
  await uploadFile(baseUrl, victim.token, victimSourceId, 'small.png', await smallImage());
  const teammate = await addTeammate(baseUrl, victim.token, 'battery-teammate');
  const spareTeammate = await addTeammate(baseUrl, victim.token, 'battery-spare');
  const disposable = session(
    await api(baseUrl, 'POST', '/sessions', {
      data: { type: 'sessions', attributes: { email: victim.email, password: PASSWORD } },
    }),
  );
  const host = (subdomain: string) => `${subdomain}.${options.deliveryDomain}`;
  const todaysReport = `image_analytics_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}`;
  await options.deploy({
    managed: host(managedSubdomain),
    origin: host(originSubdomain),
    victim: host(victimSubdomain),
  });
  return {
    baseUrl,
    port,
    owner,
    managedHost: host(managedSubdomain),
    managedSourceId,
    originHost: host(originSubdomain),
    originSourceId,
    images,
    victim,
    disposable,
    adminToken: await options.adminToken(),
    ids: {
      account: victim.accountId,
      user: victim.userId,
      teammate,
      spareTeammate,
      source: victimSourceId,
      assetPath: 'small.png',
      assetRefresh: 'small.png/refresh',
      metric: 'requests',
      invoice: 'in_battery_unknown',
      subscription: 'sub_battery_unknown',
      generation: '00000000-0000-0000-0000-000000000000',
      linkToken: `dri_${'A'.repeat(43)}`,
      report: todaysReport,
      reportFile: `${todaysReport}.csv`,
      deliveryUrl: `http://${victimSubdomain}.${options.deliveryDomain}/small.png`,
    },
  };
}
