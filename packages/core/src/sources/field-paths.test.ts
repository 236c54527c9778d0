import { describe, expect, it } from 'vitest';
import {
  fieldErrorsFromIssues,
  fieldFromIssuePath,
  fieldFromPointer,
  pointerFromIssuePath,
} from './field-paths.ts';

describe('fieldFromIssuePath', () => {
  it('names list entries with brackets and nested fields with dots', () => {
    expect(fieldFromIssuePath(['aws_bucket'])).toBe('aws_bucket');
    expect(fieldFromIssuePath(['darkroom_subdomains', 1])).toBe('darkroom_subdomains[1]');
    expect(fieldFromIssuePath(['image_error', 'url'])).toBe('image_error.url');
    expect(fieldFromIssuePath([])).toBe('');
  });
});

describe('pointerFromIssuePath', () => {
  it('builds a JSON:API pointer under the configuration by default', () => {
    expect(pointerFromIssuePath(['aws_bucket'])).toBe('/data/attributes/configuration/aws_bucket');
    expect(pointerFromIssuePath(['custom_domains', 0], '/data/attributes/production')).toBe(
      '/data/attributes/production/custom_domains/0',
    );
  });

  it('escapes ~ and / in keys as RFC 6901 requires', () => {
    expect(pointerFromIssuePath(['default_params', 'a/b~c'], '')).toBe('/default_params/a~1b~0c');
  });
});

describe('fieldFromPointer', () => {
  it('strips the document containers from a pointer', () => {
    expect(fieldFromPointer('/data/attributes/configuration/aws_bucket')).toBe('aws_bucket');
    expect(fieldFromPointer('/data/attributes/production/darkroom_subdomains/0')).toBe(
      'darkroom_subdomains[0]',
    );
    expect(fieldFromPointer('/data/attributes/darkroom_subdomain')).toBe('darkroom_subdomain');
  });

  it('reads plain, dotted and bracketed field names', () => {
    expect(fieldFromPointer('aws_bucket')).toBe('aws_bucket');
    expect(fieldFromPointer('custom_domains.2')).toBe('custom_domains[2]');
    expect(fieldFromPointer('custom_domains[2]')).toBe('custom_domains[2]');
    expect(fieldFromPointer('image_error/url')).toBe('image_error.url');
  });

  it('names no field for a pointer at the configuration itself or an empty one', () => {
    expect(fieldFromPointer('/data/attributes/configuration')).toBe('');
    expect(fieldFromPointer('')).toBe('');
  });

  it('undoes pointer escaping', () => {
    expect(fieldFromPointer('/data/attributes/default_params/a~1b~0c')).toBe(
      'default_params.a/b~c',
    );
  });
});

describe('fieldErrorsFromIssues', () => {
  it('keeps the first message of each field', () => {
    expect(
      fieldErrorsFromIssues([
        { path: ['aws_bucket'], message: 'first' },
        { path: ['aws_bucket'], message: 'second' },
        { path: ['darkroom_subdomains', 0], message: 'taken' },
        { path: [], message: 'whole form' },
      ]),
    ).toEqual({ aws_bucket: 'first', 'darkroom_subdomains[0]': 'taken', '': 'whole form' });
  });
});
