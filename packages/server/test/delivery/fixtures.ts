// Delivery test fixtures: an in-memory origin behind the storage adapter interface, generated
// images, and sources created through the API the way a customer would.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  defaultStorageAdapterFactory,
  type StorageAdapterFactory,
} from '../../src/storage/index.ts';
import { StorageError } from '../../src/storage/types.ts';
import { call, signUp, type SignedUp } from '../requests.ts';
import { s3Configuration } from '../source-fixtures.ts';

export interface OriginFile {
  bytes: Buffer;
  /** Sent as the origin's Cache-Control. */
  cacheControl?: string;
}

/**
 * Files per bucket (`{bucket}/{path}`), read through a StorageAdapter like the real ones: the
 * byte cap of the storage options holds, `not_found` for missing files. Bucket
 * `broken-bucket` fails every read; web proxy sources read from bucket `webproxy`; the demo
 * source reads its real images.
 */
export class MemoryOrigin {
  readonly files = new Map<string, OriginFile>();
  /** Every `{bucket}/{path}` read, in order. */
  readonly reads: string[] = [];
  #gate: { count: number; waiting: (() => void)[] } | null = null;

  put(bucket: string, path: string, file: OriginFile | Buffer): void {
    this.files.set(`${bucket}/${path}`, Buffer.isBuffer(file) ? { bytes: file } : file);
  }

  /** Holds reads until `count` of them are waiting, then lets them all go at once. */
  holdUntil(count: number): void {
    this.#gate = { count, waiting: [] };
  }

  readsOf(bucket: string, path: string): number {
    return this.reads.filter((read) => read === `${bucket}/${path}`).length;
  }

  readonly factory: StorageAdapterFactory = (configuration, options, context) => {
    const values = configuration as unknown as Record<string, string>;
    // The demo source keeps its real images.
    if (values.type === 'darkroom_storage') {
      return defaultStorageAdapterFactory(configuration, options, context);
    }
    const bucket = values.type === 'webproxy' ? 'webproxy' : (values.aws_bucket ?? '');
    const missing = (): never => {
      throw new StorageError('not_found', 'not in the memory origin');
    };
    return {
      verify: async () => undefined,
      list: async () => ({ objects: [], folders: [], cursor: null }),
      head: missing,
      get: async (path) => {
        this.reads.push(`${bucket}/${path}`);
        await this.#pass();
        if (bucket === 'broken-bucket') throw new StorageError('origin_error', 'origin is down');
        const file = this.files.get(`${bucket}/${path}`);
        if (file === undefined) return missing();
        if (file.bytes.length > options.maxBytes) throw new StorageError('too_large', 'too large');
        return {
          path,
          size: file.bytes.length,
          contentType: null,
          lastModified: null,
          etag: null,
          cacheControl: file.cacheControl ?? null,
          body: Readable.from([file.bytes]),
        };
      },
    };
  };

  async #pass(): Promise<void> {
    const gate = this.#gate;
    if (gate === null) return;
    await new Promise<void>((resolve) => {
      gate.waiting.push(resolve);
      if (gate.waiting.length >= gate.count) {
        this.#gate = null;
        for (const release of gate.waiting) release();
      }
    });
  }
}

/** A PNG of four coloured quadrants, `width` x `height`. */
export async function quadrantsPng(width = 64, height = 48): Promise<Buffer> {
  const halfWidth = Math.floor(width / 2);
  const halfHeight = Math.floor(height / 2);
  const block = (r: number, g: number, b: number, w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r, g, b } } })
      .png()
      .toBuffer();
  return sharp({
    create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } },
  })
    .composite([
      { input: await block(255, 0, 0, halfWidth, halfHeight), left: 0, top: 0 },
      { input: await block(0, 255, 0, width - halfWidth, halfHeight), left: halfWidth, top: 0 },
      { input: await block(0, 0, 255, halfWidth, height - halfHeight), left: 0, top: halfHeight },
      {
        input: await block(255, 255, 0, width - halfWidth, height - halfHeight),
        left: halfWidth,
        top: halfHeight,
      },
    ])
    .png()
    .toBuffer();
}

/** The pixel size of an encoded image. */
export async function sizeOf(bytes: Buffer): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(bytes).metadata();
  return { width: width ?? 0, height: height ?? 0 };
}

let counter = 0;

/** A subdomain no other test uses. */
export function uniqueSubdomain(label = 'img'): string {
  counter += 1;
  return `${label}${counter}${Math.random().toString(36).slice(2, 8)}`;
}

export interface TestSource {
  id: string;
  subdomain: string;
  /** The Host header of its delivery requests. */
  host: string;
  token: string;
  owner: SignedUp;
}

export interface SourceOptions {
  bucket?: string;
  owner?: SignedUp;
  /** The link-storage configuration; an S3 one reading `bucket` from the memory origin if unset. */
  configuration?: Record<string, unknown>;
  /** Production settings and column settings (secure_url_enabled, image_missing, ...). */
  production?: Record<string, unknown>;
}

/** Creates a source through the API, runs its deploy job and reads its secure URL token. */
export async function createSource(
  app: FastifyInstance,
  options: SourceOptions = {},
): Promise<TestSource> {
  const owner = options.owner ?? (await signUp(app));
  const subdomain = uniqueSubdomain();
  const created = await call(app, 'POST', '/api/v4/sources', {
    token: owner.token,
    body: {
      data: {
        type: 'sources',
        attributes: {
          name: subdomain,
          production: {
            ...(options.configuration ?? s3Configuration(options.bucket ?? 'images')),
            darkroom_subdomains: [subdomain],
            ...options.production,
          },
        },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data.id as string;
  await app.darkroom.jobs.drain();
  const token = await call(app, 'GET', `/api/v4/sources/${id}/secure-url-token`, {
    token: owner.token,
  });
  return {
    id,
    subdomain,
    host: `${subdomain}.localhost:8080`,
    token: token.body.data.attributes.token as string,
    owner,
  };
}

/** Changes a source through the API (PATCH attributes, production settings among them). */
export async function patchSource(
  app: FastifyInstance,
  source: TestSource,
  attributes: Record<string, unknown>,
): Promise<void> {
  const response = await call(app, 'PATCH', `/api/v4/sources/${source.id}`, {
    token: source.owner.token,
    body: { data: { type: 'sources', id: source.id, attributes } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
}

export interface Delivered {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  text: string;
}

/** One delivery request through `app.inject`, the target sent as written. */
export async function deliver(
  app: FastifyInstance,
  host: string,
  target: string,
  options: { method?: 'GET' | 'HEAD' | 'POST' | 'OPTIONS'; headers?: Record<string, string> } = {},
): Promise<Delivered> {
  const response = await app.inject({
    method: options.method ?? 'GET',
    url: target,
    headers: { host, ...options.headers },
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.rawPayload,
    text: response.body,
  };
}

/** A fresh data directory for one suite (the render cache lives in it), removed afterwards. */
export function useDataDir(): string {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'darkroom-delivery-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));
  return directory;
}

/**
 * One request over a real socket, the target sent byte for byte (`app.inject` resolves dot
 * segments and re-encodes like a browser would). Starts listening on first use.
 */
export async function deliverRaw(
  app: FastifyInstance,
  host: string,
  target: string,
  options: { method?: 'GET' | 'HEAD' | 'POST' | 'OPTIONS'; headers?: Record<string, string> } = {},
): Promise<Delivered> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method: options.method ?? 'GET',
        headers: { host, ...options.headers },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            text: body.toString('utf8'),
          });
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** The path and query of an absolute URL exactly as written (a URL object would re-encode). */
export function targetOf(url: string): string {
  const afterScheme = url.slice(url.indexOf('//') + 2);
  const pathStart = afterScheme.indexOf('/');
  return pathStart === -1 ? '/' : afterScheme.slice(pathStart);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * A pixel flood: a small valid PNG whose IHDR (with a correct CRC) claims `width` x `height`,
 * so only a decoder that trusts the header would try to allocate the pixels.
 */
export async function pixelFloodPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await quadrantsPng(8, 8));
  // Signature (8 bytes), then the IHDR chunk: length (4), type (4), data (13), CRC (4).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
