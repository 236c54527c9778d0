import { describe, expect, it } from 'vitest';
import { maskSecrets, serializeRequest } from './request-log.ts';

const LINK_TOKEN = `dri_${'a'.repeat(43)}`;

describe('maskSecrets', () => {
  it('masks the token in the path of invitation and password-reset links', () => {
    expect(maskSecrets(`/api/v4/invitations/${LINK_TOKEN}`)).toBe('/api/v4/invitations/[token]');
    expect(maskSecrets(`/api/v4/invitations/${LINK_TOKEN}/acceptance`)).toBe(
      '/api/v4/invitations/[token]/acceptance',
    );
    expect(maskSecrets('/api/v4/password-resets/drr_x?y=1')).toBe(
      '/api/v4/password-resets/[token]?y=1',
    );
  });

  it("masks an upload session's token and keeps its other parameters", () => {
    expect(maskSecrets('/api/v1/upload-sessions/0123abcd?token=s3cr3t%2Fpart')).toBe(
      '/api/v1/upload-sessions/0123abcd?token=[token]',
    );
    expect(maskSecrets('/api/v1/upload-sessions/0123abcd?a=1&token=s3cr3t&b=two+words')).toBe(
      '/api/v1/upload-sessions/0123abcd?a=1&token=[token]&b=two+words',
    );
  });

  it("masks the provider's code and state on the single sign-on callback, not the issuer", () => {
    expect(
      maskSecrets('/api/v4/sso/callback?code=abc.def&state=xyz&iss=http%3A%2F%2F127.0.0.1%3A9'),
    ).toBe('/api/v4/sso/callback?code=[code]&state=[state]&iss=http%3A%2F%2F127.0.0.1%3A9');
    expect(maskSecrets('/api/v4/sso/callback?error=access_denied&state=xyz')).toBe(
      '/api/v4/sso/callback?error=access_denied&state=[state]',
    );
  });

  it('masks every copy of a parameter, however its name is written', () => {
    expect(maskSecrets('/api/v4/sso/callback?code=one&code=two&%63ode=three&state')).toBe(
      '/api/v4/sso/callback?code=[code]&code=[code]&%63ode=[code]&state=[state]',
    );
    expect(maskSecrets('/API/v1/upload-sessions/x?token=s3cr3t')).toBe(
      '/API/v1/upload-sessions/x?token=[token]',
    );
  });

  it('leaves other URLs as they are, the same parameter names included', () => {
    for (const url of [
      '/api/v4/sessions/current',
      '/api/v4/sso/start?next=%2Fusers',
      '/api/v4/assets?code=1&state=2&token=3',
      '/api/v4/invitations',
      '/pets/cat.jpg?w=400&token=3',
    ]) {
      expect(maskSecrets(url)).toBe(url);
    }
  });
});

describe('serializeRequest', () => {
  it("is Fastify's request serializer with the URL masked", () => {
    expect(
      serializeRequest({
        method: 'PUT',
        url: '/api/v1/upload-sessions/abc?token=s3cr3t',
        headers: { 'accept-version': '1' },
        host: 'images.example.test',
        ip: '203.0.113.9',
        socket: { remotePort: 41000 },
      }),
    ).toEqual({
      method: 'PUT',
      url: '/api/v1/upload-sessions/abc?token=[token]',
      version: '1',
      host: 'images.example.test',
      remoteAddress: '203.0.113.9',
      remotePort: 41000,
    });
  });
});
