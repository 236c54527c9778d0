import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode, matchesErrorCode } from './error-codes.ts';

describe('ERROR_CODES', () => {
  it('holds the storage-check codes of a source as 422s', () => {
    for (const code of [
      'invalid_source_config',
      'invalid_access_key',
      'invalid_secret_key',
      'bucket_not_found',
      'invalid_bucket_name',
      'invalid_region',
      'invalid_endpoint_url',
      'invalid_host_name',
      'invalid_sas_string',
      'invalid_url',
    ] as const) {
      expect(ERROR_CODES[code].status).toBe(422);
    }
  });

  it('refuses a used-up plan with 403 and a failed origin with 502', () => {
    expect(ERROR_CODES.plan_limit_reached).toEqual({ status: 403, title: 'Plan limit reached' });
    expect(ERROR_CODES.origin_error).toEqual({ status: 502, title: 'Bad gateway' });
  });
});

describe('isErrorCode', () => {
  it('knows the catalogue codes and nothing else, not even inherited names', () => {
    expect(isErrorCode('plan_limit_reached')).toBe(true);
    expect(isErrorCode('plan_limit')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isErrorCode(null)).toBe(false);
  });
});

describe('matchesErrorCode', () => {
  it('matches a code read off an answer against a catalogue code', () => {
    expect(matchesErrorCode('rate_limited', 'rate_limited')).toBe(true);
    expect(matchesErrorCode('forbidden', 'rate_limited')).toBe(false);
    expect(matchesErrorCode(undefined, 'rate_limited')).toBe(false);
  });
});
