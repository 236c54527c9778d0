import { hash, verify, type Algorithm } from '@node-rs/argon2';

// `Algorithm` is a const enum, which isolated modules cannot read at run time; 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;

/** Hashes a password with argon2id and the library's default (OWASP-recommended) cost. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks `password` against `passwordHash`. When there is no user (hash null) it still
 * verifies against a throwaway hash, so an unknown email takes as long as a wrong password
 * and response times do not reveal which emails have accounts.
 */
export async function verifyPassword(
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hashPassword('darkroom-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
