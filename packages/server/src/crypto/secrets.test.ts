import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  isEncryptedSecret,
  maskSecret,
  SecretDecryptionError,
} from './secrets.ts';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('round-trips a secret through the v1 format with a fresh IV each time', () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const first = box.encrypt(secret);
    const second = box.encrypt(secret);
    expect(first).toMatch(/^v1:[\w-]{16}:[\w-]{22}:[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(isEncryptedSecret(first)).toBe(true);
    expect(box.decrypt(first)).toBe(secret);
    expect(box.decrypt(second)).toBe(secret);
    expect(box.decrypt(box.encrypt('é ✓'))).toBe('é ✓');
  });

  it('detects a tampered ciphertext, tag or IV', () => {
    const encrypted = box.encrypt('AKIAIOSFODNN7EXAMPLE');
    const [version, iv, tag, ciphertext] = encrypted.split(':') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [version, iv, tag, flip(ciphertext)],
      [version, iv, flip(tag), ciphertext],
      [version, flip(iv), tag, ciphertext],
      ['v2', iv, tag, ciphertext],
      [version, iv, tag],
    ]) {
      expect(() => box.decrypt(tampered.join(':'))).toThrow(SecretDecryptionError);
    }
  });

  it('refuses to decrypt with another key', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => other.decrypt(box.encrypt('a secret value'))).toThrow(SecretDecryptionError);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(RangeError);
  });
});

describe('maskSecret', () => {
  it('shows four dots and the last four characters', () => {
    expect(maskSecret('AKIAIOSFODNN7EXAMPLE')).toBe('••••MPLE');
  });

  it('shows only the dots for a value too short to reveal a tail safely', () => {
    expect(maskSecret('abcd1234')).toBe('••••');
    expect(maskSecret('')).toBe('••••');
  });
});
