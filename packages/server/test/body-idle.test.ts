import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE } from './databases.ts';
import { multipart, signUp } from './requests.ts';
import { createSourceThroughApi } from './source-fixtures.ts';
import { useTestApp } from './test-app.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(4000, 1),
]);

/** Writes `head` and `body` on a new connection, then nothing; resolves with what came back. */
function sendThenFallSilent(port: number, head: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(Buffer.concat([Buffer.from(head), body])),
    );
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('close', () => resolve(received));
    socket.on('error', reject);
  });
}

describe('a request body that stops arriving', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'darkroom-body-idle-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  // The request timeout is far off: only the pause between chunks can end these requests.
  const context = useTestApp(PGLITE, {
    DATA_DIR: dataDir,
    BODY_IDLE_TIMEOUT_MS: '1000',
    REQUEST_TIMEOUT_MS: '600000',
  });

  async function listening(): Promise<number> {
    if (!context.app.server.listening) await context.app.listen({ port: 0, host: '127.0.0.1' });
    return (context.app.server.address() as AddressInfo).port;
  }

  it(
    'closes the connection of a stalled upload and keeps nothing of it',
    { timeout: 30_000 },
    async () => {
      const owner = await signUp(context.app);
      const source = await createSourceThroughApi(context.app, owner.token, 'idle', {
        type: 'darkroom_storage',
      });
      const { payload, contentType } = multipart([
        { name: 'path', value: 'stalled/never.png' },
        { name: 'file', value: PNG, filename: 'never.png' },
      ]);
      const port = await listening();
      // Half of the file's part, of a body announced whole: the client then sends nothing more.
      const answer = await sendThenFallSilent(
        port,
        `POST /api/v4/sources/${source.id}/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${owner.token}\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${payload.length}\r\n\r\n`,
        payload.subarray(0, payload.length / 2),
      );
      expect(answer).toBe('');
      // The handler saw its stream fail and removed the staged file.
      await expect
        .poll(() => readdirSync(path.join(dataDir, 'managed', source.id), { recursive: true }))
        .toEqual([]);
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
    },
  );

  it('closes the connection of a JSON body that stops half-way', { timeout: 30_000 }, async () => {
    const port = await listening();
    const body = Buffer.from(JSON.stringify({ data: { type: 'accounts', attributes: {} } }));
    const answer = await sendThenFallSilent(
      port,
      'POST /api/v4/accounts HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Content-Type: application/vnd.api+json\r\nContent-Length: ${body.length + 100}\r\n\r\n`,
      body,
    );
    expect(answer).toBe('');
  });

  it('leaves a body that arrives slowly but steadily alone', { timeout: 30_000 }, async () => {
    const owner = await signUp(context.app);
    const source = await createSourceThroughApi(context.app, owner.token, 'slow', {
      type: 'darkroom_storage',
    });
    const { payload, contentType } = multipart([
      { name: 'path', value: 'slow/steady.png' },
      { name: 'file', value: PNG, filename: 'steady.png' },
    ]);
    const port = await listening();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => {
        received += chunk.toString('latin1');
        if (received.includes('\r\n\r\n')) socket.end();
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(
        `POST /api/v4/sources/${source.id}/files HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
          `Authorization: Bearer ${owner.token}\r\nContent-Type: ${contentType}\r\n` +
          `Content-Length: ${payload.length}\r\nConnection: close\r\n\r\n`,
      );
      // Four pauses of 600 ms: 2.4 s in all, longer than the idle limit, none of them past it.
      const chunks = [0, 1, 2, 3, 4].map((index) =>
        payload.subarray((index * payload.length) / 5, ((index + 1) * payload.length) / 5),
      );
      chunks.forEach((chunk, index) => setTimeout(() => socket.write(chunk), index * 600));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
  });
});
