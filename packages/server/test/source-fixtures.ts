import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { StorageAdapterFactory } from '../src/storage/index.ts';
import { StorageError } from '../src/storage/types.ts';
import { call } from './requests.ts';

export const ACCESS_KEY = 'AKIAIOSFODNN7EXAMPLE';
export const SECRET_KEY = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

/** An S3 configuration the fake adapter accepts; `bucket` decides what verify() does. */
export function s3Configuration(bucket = 'my-images', overrides: Record<string, unknown> = {}) {
  return {
    type: 's3',
    aws_access_key: ACCESS_KEY,
    aws_secret_key: SECRET_KEY,
    aws_bucket: bucket,
    ...overrides,
  };
}

/**
 * A storage adapter factory without storage servers: verify() fails according to the bucket
 * (or account) name, so tests choose the outcome through the configuration.
 */
export const fakeStorageAdapterFactory: StorageAdapterFactory = (configuration) => {
  const values = configuration as unknown as Record<string, string>;
  const bucket = values.aws_bucket ?? values.bucket_name ?? values.gcs_bucket ?? '';
  const fail = (): never => {
    throw new StorageError('not_found', 'not in the fake');
  };
  return {
    async verify() {
      if (bucket === 'missing-bucket') throw new StorageError('bucket_not_found', 'NoSuchBucket');
      if (bucket === 'bad-key-bucket') {
        throw new StorageError('invalid_access_key', 'InvalidAccessKeyId');
      }
      if (bucket === 'denied-bucket') throw new StorageError('invalid_credentials', 'AccessDenied');
      if (bucket === 'slow-bucket') throw new StorageError('timeout', 'timed out');
    },
    list: fail,
    head: fail,
    get: fail,
  };
};

/**
 * Creates a source through the API (Darkroom Storage unless `production` says otherwise) on a
 * fresh subdomain starting with `label`; returns its id and subdomain.
 */
export async function createSourceThroughApi(
  app: FastifyInstance,
  token: string,
  label: string,
  production: Record<string, unknown> = { type: 'darkroom_storage' },
): Promise<{ id: string; subdomain: string }> {
  const subdomain = `${label}${Math.random().toString(36).slice(2, 10)}`;
  const created = await call(app, 'POST', '/api/v4/sources', {
    token,
    body: {
      data: {
        type: 'sources',
        attributes: {
          name: subdomain,
          production: { ...production, darkroom_subdomains: [subdomain] },
        },
      },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.data.id as string, subdomain };
}
