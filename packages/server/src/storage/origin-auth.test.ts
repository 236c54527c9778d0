import { describe, expect, it } from 'vitest';
import { originAuthForHops, originAuthHeaders, sameOriginHop } from './origin-auth.ts';

const FIXED_CLOCK = {
  now: () => 1767225600_000,
  requestId: () => '0f8b4a52-2d11-4d7e-9f0a-1b5c7e2d9a63',
};

describe('origin authentication headers', () => {
  it('signs the test vector of docs/origin-authentication.md', () => {
    const headers = originAuthHeaders(
      { basic: null, header: null, signingKey: 'my-signing-key' },
      'GET',
      new URL('https://Images.Example.com/photos/cat%20one.jpg'),
      FIXED_CLOCK,
    );
    expect(headers).toEqual({
      'x-darkroom-signature': 'a11bc33cd3da55b5ef3fe6c5e1ccdc38658344f5a70ed9d9c1b25b02349446c4',
      'x-darkroom-host': 'images.example.com',
      'x-darkroom-request-id': '0f8b4a52-2d11-4d7e-9f0a-1b5c7e2d9a63',
      'x-darkroom-timestamp': '1767225600',
    });
  });

  it('sends Basic credentials as RFC 7617 says and the custom header by its name', () => {
    const headers = originAuthHeaders(
      {
        basic: { username: 'Aladdin', password: 'open sesame' },
        header: { name: 'X-Origin-Token', value: 'handshake' },
        signingKey: null,
      },
      'GET',
      new URL('https://images.example.com/a.png'),
    );
    expect(headers).toEqual({
      authorization: 'Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==',
      'x-origin-token': 'handshake',
    });
  });

  it('keeps the credentials on the origin: same host, or an upgrade to https', () => {
    const first = new URL('http://images.example.com/a.png');
    expect(sameOriginHop(first, new URL('http://images.example.com/b.png'))).toBe(true);
    expect(sameOriginHop(first, new URL('https://images.example.com/a.png'))).toBe(true);
    expect(sameOriginHop(first, new URL('http://cdn.example.com/a.png'))).toBe(false);
    expect(sameOriginHop(first, new URL('http://images.example.com:8080/a.png'))).toBe(false);
    const secure = new URL('https://images.example.com/a.png');
    expect(sameOriginHop(secure, new URL('http://images.example.com/a.png'))).toBe(false);

    const hops = originAuthForHops(
      { basic: { username: 'u', password: 'p' }, header: null, signingKey: null },
      secure,
    );
    expect(hops?.(new URL('https://elsewhere.example/a.png'), 'GET')).toEqual({});
    expect(originAuthForHops({ basic: null, header: null, signingKey: null }, secure)).toBe(
      undefined,
    );
  });
});
