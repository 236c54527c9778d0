import { describe, expect, it } from 'vitest';
import { hasRepeatedHost } from './repeated-host.ts';

describe('hasRepeatedHost', () => {
  it('accepts one Host, whatever its spelling', () => {
    expect(hasRepeatedHost(['Host', 'a.localhost', 'Accept', '*/*'])).toBe(false);
    expect(hasRepeatedHost(['accept', '*/*', 'HOST', 'a.localhost'])).toBe(false);
  });

  it('finds a second Host in any spelling, but not a value that says host', () => {
    expect(hasRepeatedHost(['Host', 'a.localhost', 'host', 'b.localhost'])).toBe(true);
    expect(hasRepeatedHost(['hOsT', 'a', 'X-Note', 'host', 'HOST', 'b'])).toBe(true);
    expect(hasRepeatedHost(['X-Forwarded-Host', 'b', 'Host', 'a', 'Via', 'host'])).toBe(false);
  });
});
