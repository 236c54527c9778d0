import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

const FACT_NAME = 'secret_key_fingerprint';

/**
 * What identifies the key without revealing it: an HMAC of a fixed label under the key, so the
 * stored value says nothing about the key to someone who reads the database.
 */
export function secretKeyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update('darkroom secret key fingerprint v1').digest('hex');
}

export class SecretKeyMismatchError extends Error {
  constructor(stored: string, own: string) {
    super(
      `DARKROOM_SECRET_KEY is not the key this database's storage secrets are encrypted with ` +
        `(the database expects the key with fingerprint ${stored.slice(0, 12)}…, this process has ` +
        `${own.slice(0, 12)}…). Start every process that shares the database with the same ` +
        'DARKROOM_SECRET_KEY.',
    );
    this.name = 'SecretKeyMismatchError';
  }
}

/**
 * Records the key's fingerprint the first time any process starts on the database, and refuses
 * a key whose fingerprint differs: a process with another key could decrypt no source secret and
 * would answer 500 for every source the others configured.
 */
export async function checkSecretKeyFingerprint(
  db: Kysely<DatabaseSchema>,
  key: Buffer,
): Promise<void> {
  const own = secretKeyFingerprint(key);
  await db
    .insertInto('install_facts')
    .values({ name: FACT_NAME, value: own })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const stored = await db
    .selectFrom('install_facts')
    .select('value')
    .where('name', '=', FACT_NAME)
    .executeTakeFirstOrThrow();
  const matches =
    stored.value.length === own.length &&
    timingSafeEqual(Buffer.from(stored.value), Buffer.from(own));
  if (!matches) throw new SecretKeyMismatchError(stored.value, own);
}
