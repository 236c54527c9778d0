// Azurite's blob service on loopback for the Azure adapter tests, in a temporary folder, with the
// emulator's well-known account so the tests can sign real account SAS strings. (Azurite 3.35
// ships no file-share service: there is no azurite-file, so file shares are not served here.)
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AccountSASPermissions,
  AccountSASResourceTypes,
  AccountSASServices,
  BlobServiceClient,
  StorageSharedKeyCredential,
  generateAccountSASQueryParameters,
} from '@azure/storage-blob';
import { freePort } from './http.ts';

/** The emulator's documented development account and key. */
export const AZURITE_ACCOUNT = 'devstoreaccount1';
const AZURITE_KEY =
  'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

const binary = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../node_modules/.bin/azurite-blob',
);

export interface TestAzurite {
  /** `http://127.0.0.1:{port}/devstoreaccount1`, for `azureEndpointOverride`. */
  blobEndpoint: string;
  /** An account SAS (read and list, a year and a day long) signed with the emulator's key. */
  sas: string;
  /** The same SAS with its signature replaced: Azure answers AuthenticationFailed. */
  forgedSas: string;
  /** An account SAS that may also write, create and delete (upload credentials). */
  writeSas: string;
  close(): Promise<void>;
}

/** Starts azurite-blob with `containers` holding `blobs` ({container/name: bytes}). */
export async function startAzurite(
  containers: string[],
  blobs: Record<string, Buffer | string> = {},
): Promise<TestAzurite> {
  const port = await freePort();
  const location = await fs.mkdtemp(path.join(os.tmpdir(), 'darkroom-azurite-'));
  const child = spawn(
    binary,
    [
      '--blobHost',
      '127.0.0.1',
      '--blobPort',
      String(port),
      '--location',
      location,
      '--loose',
      '--skipApiVersionCheck',
      '--disableTelemetry',
      '--silent',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  await waitForListening(child);
  const blobEndpoint = `http://127.0.0.1:${port}/${AZURITE_ACCOUNT}`;
  const credential = new StorageSharedKeyCredential(AZURITE_ACCOUNT, AZURITE_KEY);
  const service = new BlobServiceClient(blobEndpoint, credential);
  for (const name of containers) await service.getContainerClient(name).create();
  for (const [location, body] of Object.entries(blobs)) {
    const slash = location.indexOf('/');
    const data = typeof body === 'string' ? Buffer.from(body) : body;
    await service
      .getContainerClient(location.slice(0, slash))
      .getBlockBlobClient(location.slice(slash + 1))
      .uploadData(data, {
        blobHTTPHeaders: {
          blobContentType: location.endsWith('.png') ? 'image/png' : 'application/octet-stream',
        },
      });
  }
  const sas = generateAccountSASQueryParameters(
    {
      expiresOn: new Date(Date.now() + 366 * 24 * 3600 * 1000),
      permissions: AccountSASPermissions.parse('rl'),
      resourceTypes: AccountSASResourceTypes.parse('sco').toString(),
      services: AccountSASServices.parse('b').toString(),
    },
    credential,
  ).toString();
  const writeSas = generateAccountSASQueryParameters(
    {
      expiresOn: new Date(Date.now() + 366 * 24 * 3600 * 1000),
      permissions: AccountSASPermissions.parse('rwdlc'),
      resourceTypes: AccountSASResourceTypes.parse('sco').toString(),
      services: AccountSASServices.parse('b').toString(),
    },
    credential,
  ).toString();
  const forgedSas = sas.replace(/sig=[^&]+/, `sig=${encodeURIComponent('A'.repeat(43) + '=')}`);
  return {
    blobEndpoint,
    sas,
    forgedSas,
    writeSas,
    async close() {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(undefined);
        else child.once('exit', resolve);
      });
      await fs.rm(location, { recursive: true, force: true });
    },
  };
}

function waitForListening(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Azurite did not start: ${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/successfully listen/i.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Azurite exited with ${code}: ${output}`));
    });
  });
}
