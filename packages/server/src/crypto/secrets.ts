import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Storage secrets (access keys, secret keys, SAS strings: the sensitive fields of spec platform
// section 3) are encrypted at rest with AES-256-GCM. The version prefix lets a later key rotation
// or cipher change read values written by this one.
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_BYTES = 32;

export class SecretDecryptionError extends Error {
  constructor(message = 'The secret could not be decrypted with this key.') {
    super(message);
    this.name = 'SecretDecryptionError';
  }
}

/** Encrypts and decrypts secret fields with one key. */
export interface SecretBox {
  /** `v1:iv:tag:ciphertext` (base64url), with a fresh random IV for every value. */
  encrypt(plaintext: string): string;
  /** The plaintext; throws SecretDecryptionError for a tampered value or another key. */
  decrypt(encrypted: string): string;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== SECRET_KEY_BYTES) {
    throw new RangeError(`The secret key must be ${SECRET_KEY_BYTES} bytes.`);
  }
  const ownKey = Buffer.from(key);
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, ownKey, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), ciphertext]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join(':');
    },
    decrypt(encrypted) {
      const [version, iv, tag, ciphertext, ...rest] = encrypted.split(':');
      if (version !== VERSION || iv === undefined || tag === undefined || ciphertext === undefined)
        throw new SecretDecryptionError('The secret is not in the v1 format.');
      if (rest.length > 0) throw new SecretDecryptionError('The secret is not in the v1 format.');
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new SecretDecryptionError('The secret is not in the v1 format.');
      }
      try {
        const decipher = createDecipheriv(ALGORITHM, ownKey, ivBytes);
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretDecryptionError();
      }
    },
  };
}

/** Whether a stored value looks encrypted by a SecretBox. */
export function isEncryptedSecret(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(`${VERSION}:`);
}

const MASK = '••••';

/**
 * What a response shows of a secret: "••••" and its last 4 characters (only the mask when the
 * value is too short for its tail to be safe to show).
 */
export function maskSecret(value: string): string {
  return value.length > 8 ? `${MASK}${value.slice(-4)}` : MASK;
}

/** A new secure URL token: 16 random bytes as hex (docs/ARCHITECTURE.md, "Signed URLs"). */
export function newSecureUrlToken(): string {
  return randomBytes(16).toString('hex');
}
