import { describe, expect, it } from 'vitest';
import { DAY, SECOND, YEAR } from '../units/time.ts';
import {
  MIN_SAS_VALIDITY_MS,
  azureSasProblem,
  azureSasSchema,
  parseSasParameters,
  parseSasTime,
} from './azure-sas.ts';

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function sas(overrides: Record<string, string | null> = {}): string {
  const parameters: Record<string, string | null> = {
    sv: '2022-11-02',
    ss: 'bf',
    srt: 'co',
    sp: 'rl',
    se: iso(NOW + 2 * YEAR),
    st: iso(NOW - DAY),
    spr: 'https',
    sig: 'abcDEF123%2B%2Fxyz%3D',
    ...overrides,
  };
  return (
    '?' +
    Object.entries(parameters)
      .filter((entry): entry is [string, string] => entry[1] !== null)
      .map(([name, value]) => `${name}=${value}`)
      .join('&')
  );
}

describe('azureSasSchema', () => {
  const schema = azureSasSchema(NOW);
  const message = (value: unknown) => {
    const result = schema.safeParse(value);
    return result.success ? null : result.error.issues.map((issue) => issue.message);
  };

  it('accepts an account SAS valid for two years, with or without the leading ?', () => {
    expect(message(sas())).toBeNull();
    expect(message(sas().slice(1))).toBeNull();
  });

  it('needs a value', () => {
    expect(message('')).toEqual(['This field is required']);
  });

  it.each(['sv', 'ss', 'srt', 'sp', 'se', 'sig'])('refuses a SAS without %s', (name) => {
    expect(message(sas({ [name]: null }))).toEqual([
      `This is not a valid SAS string. It is missing the ${name} parameter: copy the whole SAS token from the Azure portal.`,
    ]);
  });

  it('names every missing parameter at once', () => {
    expect(message('?sv=2022-11-02&sig=x')?.[0]).toContain(
      'missing the ss, srt, sp and se parameters',
    );
  });

  it('treats a parameter with an empty value as missing', () => {
    expect(message(sas({ sp: '' }))?.[0]).toContain('missing the sp parameter');
  });

  it('refuses characters outside letters, numbers and - _ . : = & %', () => {
    for (const bad of ['+', '/', ' ', '#', '"']) {
      expect(message(sas({ sig: `abc${bad}def` }))?.[0]).toMatch(/can contain only letters/);
    }
  });

  it('accepts an expiry exactly one year minus one day ahead and refuses one second less', () => {
    expect(MIN_SAS_VALIDITY_MS).toBe(364 * DAY);
    expect(message(sas({ se: iso(NOW + YEAR - DAY) }))).toBeNull();
    expect(message(sas({ se: iso(NOW + YEAR - DAY - SECOND) }))).toEqual([
      'The SAS must stay valid for at least one year: generate a new SAS with an expiry date at least one year from now.',
    ]);
  });

  it('reads a percent-encoded expiry and a date-only expiry', () => {
    expect(message(sas({ se: '2027-01-01T00%3A00%3A00Z' }))).toBeNull();
    expect(message(sas({ se: '2027-01-01' }))).toBeNull();
  });

  it('refuses an expiry that is not a date', () => {
    expect(message(sas({ se: 'tomorrow' }))?.[0]).toContain('Its expiry (se) is not a valid date.');
    expect(message(sas({ se: '2027-13-45' }))?.[0]).toContain('not a valid date');
  });

  it('accepts a start now or in the past, or no start at all', () => {
    expect(message(sas({ st: iso(NOW) }))).toBeNull();
    expect(message(sas({ st: null }))).toBeNull();
  });

  it('refuses a start in the future, even by one second', () => {
    expect(message(sas({ st: iso(NOW + SECOND) }))).toEqual([
      'The SAS start time must be in the past: generate a new SAS that is already valid.',
    ]);
  });

  it('refuses a start that is not a date', () => {
    expect(message(sas({ st: 'soon' }))?.[0]).toContain('Its start (st) is not a valid date.');
  });

  it('reads the clock on every check when given a function', () => {
    let now = NOW;
    const clockSchema = azureSasSchema(() => now);
    const value = sas({ se: iso(NOW + YEAR) });
    expect(clockSchema.safeParse(value).success).toBe(true);
    now = NOW + 2 * DAY;
    expect(clockSchema.safeParse(value).success).toBe(false);
  });
});

describe('SAS parsing helpers', () => {
  it('splits parameters and decodes their values', () => {
    const parameters = parseSasParameters('?sv=1&sig=a%2Bb%3D&flag');
    expect(parameters.get('sig')).toBe('a+b=');
    expect(parameters.get('flag')).toBe('');
    expect(parameters.has('sv')).toBe(true);
  });

  it('keeps a value with a malformed escape as written', () => {
    expect(parseSasParameters('sig=%zz').get('sig')).toBe('%zz');
  });

  it('parses Azure time formats as UTC and refuses others', () => {
    expect(parseSasTime('2025-01-15')).toBe(Date.UTC(2025, 0, 15));
    expect(parseSasTime('2025-01-15T12:30Z')).toBe(Date.UTC(2025, 0, 15, 12, 30));
    expect(parseSasTime('2025-01-15T12:30:05Z')).toBe(Date.UTC(2025, 0, 15, 12, 30, 5));
    expect(parseSasTime('2025-01-15T12:30:05')).toBeNull();
    expect(parseSasTime('Jan 15 2025')).toBeNull();
  });

  it('reports no problem for a good SAS and one for a bad one', () => {
    expect(azureSasProblem(sas(), NOW)).toBeNull();
    expect(azureSasProblem('sv=1', NOW)).not.toBeNull();
  });
});
