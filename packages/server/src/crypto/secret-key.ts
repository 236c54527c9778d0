import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseSecretKey } from '../config.ts';
import { SECRET_KEY_BYTES } from './secrets.ts';

const SECRET_KEY_FILE = 'secret.key';

/**
 * The key that encrypts storage secrets: DARKROOM_SECRET_KEY when set, else the key file in the
 * data directory, created with mode 0600 on first start. `wx` creates it only when absent, so two
 * processes starting together end up reading the same key.
 */
export function loadSecretKey(config: { secretKey: Buffer | null; dataDir: string }): Buffer {
  if (config.secretKey !== null) return config.secretKey;
  const file = path.join(config.dataDir, SECRET_KEY_FILE);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(SECRET_KEY_BYTES).toString('hex')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'));
  if (key === null) {
    throw new Error(`${file} does not hold a 32-byte key (64 hex digits or base64).`);
  }
  return key;
}
