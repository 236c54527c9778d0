import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { startMailDrop } from './mail-drop.ts';
import { startTestOrigins, type TestOrigins } from './origins.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    origins: TestOrigins;
    /** Where the app's outgoing mail lands, one JSON file per message (support/mail-drop.ts). */
    mailDir: string;
  }
}

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const adminEmail = 'operator@darkroom.test';
const adminPassword = 'operator-password-1';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The app exited early:\n${output()}`);
    try {
      // Ready, not only live: the specs need the database.
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The app did not become healthy within 90 s:\n${output()}`);
}

/** Starts the app the way `npm start` does, on a free loopback port with a throwaway data dir. */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), 'darkroom-e2e-'));
  const origins = await startTestOrigins();
  const mailDir = mkdtempSync(join(tmpdir(), 'darkroom-e2e-mail-'));
  const mail = await startMailDrop(mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const server = spawn('node', ['scripts/start.mjs'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
      // Storage on this machine: s3rver, Azurite and a web folder, all on loopback.
      STORAGE_S3_ENDPOINT_OVERRIDE: origins.s3Endpoint,
      STORAGE_AZURE_ENDPOINT_OVERRIDE: origins.azureEndpoint,
      ALLOW_PRIVATE_ORIGINS: '1',
      // Every spec signs up or in from 127.0.0.1 within a few minutes; the per-IP sign-in limit
      // (20 a minute by default) is covered by the server's own tests, not by the browser's.
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
      // Invitations and password resets go to the SMTP server above, with links to this app.
      SMTP_URL: mail.url,
      PUBLIC_URL: baseUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealthy(baseUrl, server, () => log);

  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', adminEmail);
  project.provide('adminPassword', adminPassword);
  project.provide('origins', origins.describe());
  project.provide('mailDir', mailDir);

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    if (server.exitCode !== 0) console.error(`The app exited with ${server.exitCode}:\n${log}`);
    rmSync(dataDir, { recursive: true, force: true });
    await origins.close();
    await mail.close();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
