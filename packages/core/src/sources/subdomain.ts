// Spec sections 5 and 9: the wizard suggests a subdomain of 9 lowercase characters derived from
// the company name.

/** Length of the generated default subdomain (spec section 9). */
export const DEFAULT_SUBDOMAIN_LENGTH = 9;

/** How many leading characters come from the company name; the rest are random. */
export const DEFAULT_SUBDOMAIN_COMPANY_CHARACTERS = 5;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** The letters and digits of a company name, lowercased, with accents dropped (Café -> cafe). */
export function companySlug(company: string): string {
  return company
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/**
 * A default subdomain: up to five letters or digits of the company name followed by random
 * letters and digits, nine characters in all. At least four random characters (1.7 million
 * combinations per company) make it usually available; `random` returns numbers in [0, 1), like
 * Math.random, and is injectable for tests.
 */
export function defaultSubdomain(company: string, random: () => number = Math.random): string {
  const prefix = companySlug(company).slice(0, DEFAULT_SUBDOMAIN_COMPANY_CHARACTERS);
  let subdomain = prefix;
  while (subdomain.length < DEFAULT_SUBDOMAIN_LENGTH) {
    const index = Math.min(
      ALPHABET.length - 1,
      Math.max(0, Math.floor(random() * ALPHABET.length)),
    );
    subdomain += ALPHABET[index] ?? 'a';
  }
  return subdomain;
}
