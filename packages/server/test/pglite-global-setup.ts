import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import './provided-context.ts';

/**
 * Runs PGlite's initdb once and saves the empty cluster as a tar. Each test file then
 * starts from a copy of it: a fresh embedded database in half a second instead of four.
 * Migrations still run in every test file, against that empty cluster.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'darkroom-pglite-template-'));
  const pglite = new PGlite();
  await pglite.waitReady;
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const file = path.join(directory, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
