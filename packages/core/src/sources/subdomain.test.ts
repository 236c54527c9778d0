import { describe, expect, it } from 'vitest';
import { DEFAULT_SUBDOMAIN_LENGTH, companySlug, defaultSubdomain } from './subdomain.ts';
import { subdomainSchema } from './web-addresses.ts';

/** A random source that returns the given values in turn. */
const sequence = (...values: number[]) => {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
};

describe('defaultSubdomain', () => {
  it('starts with five characters of the company and ends with random ones, nine in all', () => {
    expect(defaultSubdomain('Acme Photos Ltd', sequence(0))).toBe('acmepaaaa');
    expect(defaultSubdomain('Acme Photos Ltd', sequence(0.999))).toBe('acmep9999');
  });

  it('pads a short company name with random characters', () => {
    expect(defaultSubdomain('Bo', sequence(0, 1 / 36, 26 / 36))).toBe('boab0ab0a');
  });

  it('drops accents, punctuation and spaces from the company name', () => {
    expect(companySlug("Café d'Été & Co.")).toBe('cafedeteco');
    expect(defaultSubdomain("Café d'Été", sequence(0)).slice(0, 5)).toBe('cafed');
  });

  it('is all random for a company name without letters or digits', () => {
    expect(defaultSubdomain('!!!', sequence(0.5))).toBe('sssssssss');
    expect(defaultSubdomain('東京写真', sequence(0.5))).toHaveLength(9);
  });

  it('stays within the alphabet when the random source misbehaves', () => {
    expect(defaultSubdomain('', sequence(1, -0.5, Number.NaN))).toMatch(/^[a-z0-9]{9}$/);
  });

  it('always gives a valid subdomain of exactly nine lowercase characters', () => {
    expect(DEFAULT_SUBDOMAIN_LENGTH).toBe(9);
    for (const company of ['ACME', 'Some Very Long Company Name GmbH', '', '---', '42']) {
      for (let i = 0; i < 50; i += 1) {
        const subdomain = defaultSubdomain(company);
        expect(subdomain).toHaveLength(9);
        expect(subdomain).toBe(subdomain.toLowerCase());
        expect(subdomainSchema.safeParse(subdomain).success).toBe(true);
      }
    }
  });

  it('usually differs between two calls for the same company', () => {
    const values = new Set(Array.from({ length: 20 }, () => defaultSubdomain('Acme')));
    expect(values.size).toBeGreaterThan(15);
  });
});
