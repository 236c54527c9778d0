import { DOMAIN_MESSAGES, GENERIC_FORM_ERROR, INVALID_SOURCE_CONFIG_MESSAGE } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../api/client.ts';
import {
  configurationKey,
  domainErrorMessage,
  fileDeliveryUrl,
  humanDuration,
  mapApiError,
  sourceTypeLabel,
  subdomainUrl,
} from './sources.utils.ts';

function apiError(status: number, error: Record<string, unknown>) {
  return new ApiRequestError({
    ok: false,
    status,
    data: { errors: [{ status: String(status), title: 'Error', ...error }] as never },
    message: String(error.detail ?? ''),
  });
}

describe('mapApiError', () => {
  it('puts a bucket error under the bucket field with the catalogue wording', () => {
    const mapped = mapApiError(
      apiError(422, {
        code: 'validation_failed',
        title: 'Bucket not found',
        detail: 'The bucket does not exist. Check the bucket name.',
        source: { pointer: '/data/attributes/configuration/aws_bucket' },
      }),
    );
    expect(mapped).toMatchObject({ kind: 'field', field: 'aws_bucket', title: 'Bucket not found' });
  });

  it('turns invalid_source_config into the banner and anything unknown into the generic error', () => {
    expect(
      mapApiError(
        apiError(422, {
          code: 'invalid_source_config',
          source: { pointer: '/data/attributes/configuration' },
        }),
      ),
    ).toMatchObject({
      kind: 'form',
      code: 'invalid_source_config',
      message: INVALID_SOURCE_CONFIG_MESSAGE,
    });
    expect(mapApiError(apiError(500, { code: 'internal_error' }))).toMatchObject({
      kind: 'form',
      code: 'generic',
      message: GENERIC_FORM_ERROR,
    });
    expect(mapApiError(new Error('boom')).message).toBe(GENERIC_FORM_ERROR);
  });
});

describe('domainErrorMessage', () => {
  it('reads a taken domain as in use and keeps the format rule of a 422', () => {
    expect(
      domainErrorMessage(apiError(409, { detail: 'This domain is already in use by source abc.' })),
    ).toBe(DOMAIN_MESSAGES.inUse);
    expect(
      domainErrorMessage(
        apiError(422, {
          detail: 'Subdomains cannot start or end with a dash.',
          source: { pointer: '/data/attributes/darkroom_subdomain' },
        }),
      ),
    ).toBe('Subdomains cannot start or end with a dash.');
  });
});

describe('humanDuration', () => {
  it('says a number of seconds in at most two units', () => {
    expect(humanDuration(31536000)).toBe('1 year');
    expect(humanDuration(5400)).toBe('1 hour 30 minutes');
    expect(humanDuration(300)).toBe('5 minutes');
    expect(humanDuration(0)).toBe('0 seconds');
  });
});

describe('sourceTypeLabel', () => {
  it('names the provider of an S3-compatible source and the type otherwise', () => {
    expect(sourceTypeLabel({ type: 's3_compatible', storage_provider: 'r2' })).toBe(
      'Cloudflare R2',
    );
    expect(sourceTypeLabel({ type: 's3' })).toBe('Amazon S3');
  });
});

describe('configurationKey', () => {
  it('is the same whatever the key order', () => {
    expect(configurationKey({ a: 1, b: 'x' })).toBe(configurationKey({ b: 'x', a: 1 }));
    expect(configurationKey({ a: 1 })).not.toBe(configurationKey({ a: 2 }));
  });
});

describe('subdomainUrl', () => {
  it('puts the subdomain before the delivery domain with its scheme', () => {
    expect(subdomainUrl('photos', 'img.example')).toBe('https://photos.img.example');
    expect(subdomainUrl('photos', 'localhost:8080')).toBe('http://photos.localhost:8080');
  });
});

describe('fileDeliveryUrl', () => {
  it('encodes each path segment and appends the parameters', () => {
    expect(fileDeliveryUrl('photos', 'img.example', 'products/red shoe#1.png')).toBe(
      'https://photos.img.example/products/red%20shoe%231.png',
    );
    expect(fileDeliveryUrl('photos', 'localhost:8080', '/coffee.png', '?w=400&auto=format')).toBe(
      'http://photos.localhost:8080/coffee.png?w=400&auto=format',
    );
  });
});
