import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecretKey } from './secret-key.ts';

describe('loadSecretKey', () => {
  const folders: string[] = [];
  const newDataDir = () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'darkroom-key-'));
    folders.push(folder);
    return path.join(folder, 'data');
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('uses DARKROOM_SECRET_KEY when it is set and writes no file', () => {
    const dataDir = newDataDir();
    const key = Buffer.alloc(32, 3);
    expect(loadSecretKey({ secretKey: key, dataDir })).toEqual(key);
    expect(() => statSync(path.join(dataDir, 'secret.key'))).toThrow();
  });

  it('creates the key file with mode 0600 on first start and reads the same key afterwards', () => {
    const dataDir = newDataDir();
    const first = loadSecretKey({ secretKey: null, dataDir });
    const file = path.join(dataDir, 'secret.key');
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    expect(loadSecretKey({ secretKey: null, dataDir })).toEqual(first);
  });

  it('refuses a key file that does not hold a 32-byte key', () => {
    const dataDir = newDataDir();
    loadSecretKey({ secretKey: null, dataDir });
    writeFileSync(path.join(dataDir, 'secret.key'), 'short');
    expect(() => loadSecretKey({ secretKey: null, dataDir })).toThrow(/32-byte key/);
  });
});
