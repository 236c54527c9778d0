import {
  BUCKET_MISSING_MESSAGES,
  CREDENTIAL_FAILURE_MESSAGES,
  SOURCE_MESSAGES,
} from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { BACKENDS } from './databases.ts';
import { call, signUp } from './requests.ts';
import { fakeStorageAdapterFactory, s3Configuration } from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

describe.each(BACKENDS)('validations on $name', (backend) => {
  const context = useTestApp(backend, {}, { storageAdapterFactory: fakeStorageAdapterFactory });

  const validateDomain = (token: string, attributes: Record<string, unknown>) =>
    call(context.app, 'POST', '/api/v4/validations/domains', {
      token,
      body: { data: { type: 'domain_validations', attributes } },
    });
  const validateConfiguration = (token: string, configuration: unknown) =>
    call(context.app, 'POST', '/api/v4/validations/source/configurations', {
      token,
      body: { data: { type: 'source_configuration_validations', attributes: { configuration } } },
    });

  it('answers an available subdomain and custom domain with available true', async () => {
    const owner = await signUp(context.app);
    const subdomain = `free${Date.now().toString(36)}`;
    const response = await validateDomain(owner.token, { darkroom_subdomain: subdomain });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      type: 'domain_validations',
      id: subdomain,
      attributes: { darkroom_subdomain: subdomain, available: true },
    });
    const custom = await validateDomain(owner.token, { custom_domain: 'images.example.org' });
    expect(custom.body.data.attributes).toEqual({
      custom_domain: 'images.example.org',
      available: true,
    });
  });

  it('refuses a malformed domain with 422 and a pointer', async () => {
    const owner = await signUp(context.app);
    const response = await validateDomain(owner.token, { darkroom_subdomain: 'Not Valid' });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].source.pointer).toBe('/data/attributes/darkroom_subdomain');
    const custom = await validateDomain(owner.token, { custom_domain: 'x.localhost' });
    expect(custom.status).toBe(422);
    expect(custom.body.errors[0].source.pointer).toBe('/data/attributes/custom_domain');
  });

  it('answers a taken or reserved subdomain with 409 already in use', async () => {
    const owner = await signUp(context.app);
    const subdomain = `taken${Date.now().toString(36)}`;
    const created = await call(context.app, 'POST', '/api/v4/sources', {
      token: owner.token,
      body: {
        data: {
          type: 'sources',
          attributes: {
            name: subdomain,
            production: { ...s3Configuration(), darkroom_subdomains: [subdomain] },
          },
        },
      },
    });
    expect(created.status).toBe(201);
    const mine = await validateDomain(owner.token, { darkroom_subdomain: subdomain });
    expect(mine.status).toBe(409);
    expect(mine.body.errors[0].detail).toBe(
      `This domain is already in use by source ${created.body.data.id}.`,
    );
    const stranger = await signUp(context.app);
    const theirs = await validateDomain(stranger.token, { darkroom_subdomain: subdomain });
    expect(theirs.body.errors[0].detail).toBe('A different account owns this domain.');
    for (const reserved of [
      'demo',
      'www',
      'api',
      'admin',
      'app',
      'static',
      'assets',
      'cdn',
      'mail',
    ]) {
      const response = await validateDomain(owner.token, { darkroom_subdomain: reserved });
      expect(response.status).toBe(409);
      expect(response.body.errors[0].detail).toMatch(/already in use by source/);
    }
  });

  it('accepts a configuration whose storage answers', async () => {
    const owner = await signUp(context.app);
    const response = await validateConfiguration(owner.token, s3Configuration());
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      type: 'source_configuration_validations',
      id: 'ok',
      attributes: { valid: true },
    });
    const proxy = await validateConfiguration(owner.token, { type: 'webproxy' });
    expect(proxy.status).toBe(200);
  });

  it('reports field rules with pointers under the configuration', async () => {
    const owner = await signUp(context.app);
    const response = await validateConfiguration(owner.token, {
      ...s3Configuration('-bad'),
      aws_access_key: 'short',
      endpoint_url: 'nyc3.digitaloceanspaces.com',
    });
    expect(response.status).toBe(422);
    const pointers = response.body.errors.map(
      (error: { source: { pointer: string } }) => error.source.pointer,
    );
    expect(pointers).toEqual(
      expect.arrayContaining([
        '/data/attributes/configuration/aws_bucket',
        '/data/attributes/configuration/aws_access_key',
        '/data/attributes/configuration/endpoint_url',
      ]),
    );
    const missing = await validateConfiguration(owner.token, undefined);
    expect(missing.body.errors[0].source.pointer).toBe('/data/attributes/configuration');
  });

  it('maps storage failures to the catalogue sentence and the field at fault', async () => {
    const owner = await signUp(context.app);
    const missing = await validateConfiguration(owner.token, s3Configuration('missing-bucket'));
    expect(missing.status).toBe(422);
    expect(missing.body.errors[0]).toMatchObject({
      code: 'bucket_not_found',
      detail: BUCKET_MISSING_MESSAGES.s3,
      source: { pointer: '/data/attributes/configuration/aws_bucket' },
    });
    const badKey = await validateConfiguration(owner.token, s3Configuration('bad-key-bucket'));
    expect(badKey.body.errors[0]).toMatchObject({
      code: 'invalid_access_key',
      detail: SOURCE_MESSAGES.invalidAccessKey,
      source: { pointer: '/data/attributes/configuration/aws_access_key' },
    });
    const denied = await validateConfiguration(owner.token, s3Configuration('denied-bucket'));
    expect(denied.body.errors[0]).toMatchObject({
      status: '422',
      code: 'invalid_source_config',
      detail: CREDENTIAL_FAILURE_MESSAGES.s3,
      source: { pointer: '/data/attributes/configuration' },
    });
  });
});
