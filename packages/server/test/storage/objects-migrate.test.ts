// `npm run objects:migrate` (cli/objects-migrate.ts) as an operator runs it: a child process with
// the server's environment, copying a data directory's files into the bucket of OBJECT_STORE_URL,
// which a process with another data directory then serves.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PGLITE } from '../databases.ts';
import { createSource, deliver, quadrantsPng, sizeOf, useDataDir } from '../delivery/fixtures.ts';
import { useTestApp } from '../test-app.ts';
import { s3Backend, useObjectStoreBackends } from './object-store-backends.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const SCRIPT = 'packages/server/src/cli/objects-migrate.ts';
const { endpoint } = await useObjectStoreBackends();

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function migrate(env: Record<string, string>): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      cwd: REPO_ROOT,
      // Only what an operator would set: no OBJECT_STORE_* of the test runner's own.
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run objects:migrate', () => {
  const bucket = s3Backend(endpoint);
  const oldDataDir = useDataDir();
  const newDataDir = useDataDir();
  // The process after the move: the bucket, and a data directory that never held the files.
  const context = useTestApp(PGLITE, { DATA_DIR: newDataDir, ...bucket.env });

  const put = async (key: string, bytes: Buffer | string) => {
    const file = path.join(oldDataDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  };

  it('refuses to run without OBJECT_STORE_URL, saying so', async () => {
    const refused = await migrate({ DATA_DIR: oldDataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('OBJECT_STORE_URL is not set');
  });

  it(
    'copies managed files and generated videos once, and the bucket serves them',
    { timeout: 120_000 },
    async () => {
      const source = await createSource(context.app, {
        configuration: { type: 'darkroom_storage' },
      });
      const wide = await quadrantsPng(200, 150);
      await put(`managed/${source.id}/photos/wide.png`, wide);
      await put(`managed/${source.id}/notes.txt`, 'not an image');
      await put(`video-generations/${'c'.repeat(24)}.mp4`, Buffer.alloc(2048, 3));
      // Neither an upload still being written nor a cached render is a file to move.
      await put(`managed/${source.id}/.upload-0123456789abcdef`, 'half an upload');
      await put('render-cache/ab/cdef', 'a render');

      const env = { DATA_DIR: oldDataDir, ...bucket.env };
      const first = await migrate(env);
      expect(first.stderr).not.toContain('Not copied');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('3 copied');
      expect(first.stdout).toContain('0 already there, 0 failed.');
      expect(await bucket.filesBelow('', `managed/${source.id}`)).toEqual([
        'notes.txt',
        'photos/wide.png',
      ]);
      expect(await bucket.read('', `video-generations/${'c'.repeat(24)}.mp4`)).toEqual(
        Buffer.alloc(2048, 3),
      );
      expect(await bucket.filesBelow('', 'render-cache')).toEqual([]);

      // Run again: nothing to copy; a file that changed size since is copied again.
      await put(`managed/${source.id}/notes.txt`, 'still not an image, but longer');
      const second = await migrate(env);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('1 copied');
      expect(second.stdout).toContain('2 already there, 0 failed.');
      expect((await bucket.read('', `managed/${source.id}/notes.txt`))?.toString()).toBe(
        'still not an image, but longer',
      );

      const rendered = await deliver(context.app, source.host, '/photos/wide.png?w=100');
      expect(rendered.status).toBe(200);
      expect(await sizeOf(rendered.body)).toEqual({ width: 100, height: 75 });
    },
  );
});
