import { describe, expect, it } from 'vitest';
import { originAuthUpdateSchema } from './origin-auth.ts';

const messages = (input: unknown) => {
  const result = originAuthUpdateSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('originAuthUpdateSchema', () => {
  it('takes a handshake of 1 to 256 characters and a signing key of 1 to 32 (spec section 5)', () => {
    expect(messages({ custom_header: { name: 'X-Token', value: 'v'.repeat(256) } })).toEqual([]);
    expect(messages({ custom_header: { name: 'X-Token', value: 'v'.repeat(257) } })).toEqual([
      'The handshake can be at most 256 characters long.',
    ]);
    expect(messages({ signing_key: 'k'.repeat(32) })).toEqual([]);
    expect(messages({ signing_key: 'k'.repeat(33) })).toEqual([
      'The signing key can be at most 32 characters long.',
    ]);
  });

  it('refuses values that would split the request, and names Darkroom sets itself', () => {
    expect(messages({ custom_header: { name: 'X-Token', value: 'a\r\nX-Evil: 1' } })).toHaveLength(
      1,
    );
    expect(messages({ custom_header: { name: 'X Token', value: 'a' } })).toHaveLength(1);
    expect(messages({ custom_header: { name: 'Host', value: 'a' } })).toHaveLength(1);
    expect(messages({ custom_header: { name: 'x-darkroom-signature', value: 'a' } })).toHaveLength(
      1,
    );
    expect(messages({ basic_auth: { username: 'a:b', password: 'p' } })).toEqual([
      'The user name cannot contain a colon (:).',
    ]);
  });

  it('reads an empty or masked secret as "keep the stored one", and null as "off"', () => {
    const parsed = originAuthUpdateSchema.parse({
      basic_auth: { username: 'u', password: '••••word' },
      custom_header: { name: 'X-Token', value: '' },
      signing_key: null,
    });
    expect(parsed.basic_auth).toEqual({ username: 'u', password: undefined });
    expect(parsed.custom_header).toEqual({ name: 'X-Token', value: undefined });
    expect(parsed.signing_key).toBeNull();
  });

  it('refuses a custom Authorization header beside Basic authentication', () => {
    expect(
      messages({
        basic_auth: { username: 'u', password: 'p' },
        custom_header: { name: 'Authorization', value: 'Bearer x' },
      }),
    ).toHaveLength(1);
  });
});
