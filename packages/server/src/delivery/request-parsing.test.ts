import { signPath } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { originPath } from './origin-path.ts';
import { parseRequestTarget, queryWithoutSignature } from './request-target.ts';
import { hostClassifier } from './routing.ts';
import { hasValidSignature } from './signature.ts';

describe('parseRequestTarget', () => {
  it('splits the raw path and query without decoding either', () => {
    expect(parseRequestTarget('/a%20b.png?w=1&txt=x%2By')).toEqual({
      raw: '/a%20b.png?w=1&txt=x%2By',
      path: '/a%20b.png',
      query: 'w=1&txt=x%2By',
    });
  });

  it('keeps only the path and query of an absolute-form target', () => {
    expect(parseRequestTarget('http://demo.localhost:8080/a.png?w=1').raw).toBe('/a.png?w=1');
  });
});

describe('queryWithoutSignature', () => {
  it('drops s wherever it is and keeps everything else as written', () => {
    expect(queryWithoutSignature('w=1&s=abc&txt=a%20b')).toBe('w=1&txt=a%20b');
    expect(queryWithoutSignature('s=abc')).toBe('');
  });
});

describe('originPath', () => {
  it('decodes once', () => {
    expect(originPath('/a%2520b/%C3%A7a.png', 's3')).toEqual({ ok: true, path: 'a%20b/ça.png' });
  });

  it('refuses dot segments, encoded or not, and bad escapes', () => {
    for (const raw of ['/a/../b.png', '/a/%2E%2E/b.png', '/./b.png', '/a%5C..%5Cb', '/a%00b']) {
      expect(originPath(raw, 's3')).toMatchObject({ ok: false, status: 400 });
    }
    expect(originPath('/%E0%A4%A', 's3')).toMatchObject({ ok: false, status: 400 });
    expect(originPath('/', 's3')).toMatchObject({ ok: false, status: 404 });
  });

  it('hands a web proxy the encoded origin URL untouched', () => {
    expect(originPath('/http%3A%2F%2Fexample.com%2Fa.png', 'webproxy')).toEqual({
      ok: true,
      path: 'http%3A%2F%2Fexample.com%2Fa.png',
    });
  });
});

describe('hostClassifier', () => {
  it('tells delivery hosts, possible custom domains and everything else apart', () => {
    const local = hostClassifier('localhost:8080');
    const hostRole = (host: string, domain: string) =>
      domain === 'localhost:8080' ? local(host) : hostClassifier(domain)(host);
    expect(hostRole('demo.localhost:8080', 'localhost:8080')).toBe('delivery');
    expect(hostRole('a.b.localhost', 'localhost:8080')).toBe('delivery');
    expect(hostRole('localhost:8080', 'localhost:8080')).toBe('other');
    expect(hostRole('127.0.0.1:8080', 'localhost:8080')).toBe('other');
    expect(hostRole('[::1]:8080', 'localhost:8080')).toBe('other');
    expect(hostRole('images.example.com', 'localhost:8080')).toBe('custom-domain');
    expect(hostRole('img.darkroom.example', 'darkroom.example')).toBe('delivery');
  });
});

describe('hasValidSignature', () => {
  const token = 'FOO123bar';

  it('accepts the ARCHITECTURE.md vectors and nothing else', () => {
    expect(hasValidSignature('/users/1.png?s=6797c24146142d5b40bde3141fd3600c', token)).toBe(true);
    expect(
      hasValidSignature('/users/1.png?w=400&h=300&s=c7b86f666a832434dd38577e38cf86d1', token),
    ).toBe(true);
    expect(
      hasValidSignature('/users/1.png?h=300&w=400&s=c7b86f666a832434dd38577e38cf86d1', token),
    ).toBe(false);
    expect(hasValidSignature('/users/1.png', token)).toBe(false);
    expect(hasValidSignature('/users/1.png?s=6797c24146142d5b40bde3141fd3600c&w=1', token)).toBe(
      false,
    );
  });

  it('agrees with core signPath for an encoded path and query', () => {
    const path = '/a%20b/%C3%A7a.png';
    const query = '?txt=x%2By&w=10';
    expect(hasValidSignature(`${path}${query}&s=${signPath(token, path, query)}`, token)).toBe(
      true,
    );
  });
});
