import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5.ts';
import { extractSignature, signPath, signUrlPath } from './signing.ts';

describe('md5Hex', () => {
  it('matches the RFC 1321 test suite', () => {
    expect(md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(md5Hex('a')).toBe('0cc175b9c0f1b6a831c399e269772661');
    expect(md5Hex('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0');
    expect(md5Hex('1234567890'.repeat(8))).toBe('57edf4a22be3c955ac49da2e2107b67a');
  });

  it('hashes the UTF-8 bytes of non-ASCII text', () => {
    expect(md5Hex('\u00e9')).toBe('66ddcd97cfdeabb2f6fb8a999b4bc76f');
  });

  it('handles messages that straddle the 56-byte padding boundary', () => {
    expect(md5Hex('a'.repeat(55))).toBe('ef1772b6dff9a122358552954ad0df65');
    expect(md5Hex('a'.repeat(56))).toBe('3b0c8ac703f828b04c6c197006d17218');
    expect(md5Hex('a'.repeat(64))).toBe('014842d480b571495a4a0363793f7367');
  });
});

describe('URL signing (ARCHITECTURE.md test vectors, token FOO123bar)', () => {
  const token = 'FOO123bar';

  it('signs a path without parameters as token + path', () => {
    expect(signPath(token, '/users/1.png')).toBe('6797c24146142d5b40bde3141fd3600c');
  });

  it('signs the raw query exactly as sent, so parameter order matters', () => {
    expect(signPath(token, '/users/1.png', '?w=400&h=300')).toBe(
      'c7b86f666a832434dd38577e38cf86d1',
    );
    expect(signPath(token, '/users/1.png', '?h=300&w=400')).toBe(
      '1a4e48641614d1109c6a7af51be23d18',
    );
  });

  it('signs a web-proxy path while it is still percent-encoded', () => {
    expect(signPath(token, '/http%3A%2F%2Favatars.com%2Fjohn-smith.png')).toBe(
      '493a52f008c91416351f8b33d4883135',
    );
  });

  it('appends s as the last parameter and extracts it back', () => {
    const signed = signUrlPath(token, '/users/1.png?w=400&h=300');
    expect(signed).toBe('/users/1.png?w=400&h=300&s=c7b86f666a832434dd38577e38cf86d1');
    expect(extractSignature(signed)).toEqual({
      path: '/users/1.png',
      query: '?w=400&h=300',
      signature: 'c7b86f666a832434dd38577e38cf86d1',
    });
    expect(signUrlPath(token, '/users/1.png')).toBe(
      '/users/1.png?s=6797c24146142d5b40bde3141fd3600c',
    );
    expect(extractSignature('/users/1.png?s=6797c24146142d5b40bde3141fd3600c')).toEqual({
      path: '/users/1.png',
      query: '',
      signature: '6797c24146142d5b40bde3141fd3600c',
    });
  });

  it('refuses a signature that is not the last parameter', () => {
    expect(extractSignature('/a.png?s=6797c24146142d5b40bde3141fd3600c&w=4')).toBeNull();
    expect(extractSignature('/a.png?w=4')).toBeNull();
    expect(extractSignature('/a.png')).toBeNull();
  });
});
