import { describe, expect, it } from 'vitest';
import { parseUrl } from './whatwg-url.ts';

describe('parseUrl', () => {
  it('parses with the WHATWG rules, normalising numeric IPv4 hosts', () => {
    expect(parseUrl('http://2130706433/a')?.hostname).toBe('127.0.0.1');
    expect(parseUrl('http://0x7f000001/')?.hostname).toBe('127.0.0.1');
    expect(parseUrl('http://017700000001/')?.hostname).toBe('127.0.0.1');
    expect(parseUrl('http://127.1/')?.hostname).toBe('127.0.0.1');
    expect(parseUrl('HTTPS://Example.COM:443/x')?.href).toBe('https://example.com/x');
  });

  it('returns null for text that is not a URL', () => {
    expect(parseUrl('not a url')).toBeNull();
    expect(parseUrl('http://[::1/')).toBeNull();
    expect(parseUrl('')).toBeNull();
  });
});
