import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../requests.ts';
import {
  MAIN,
  rawExchange,
  seededDataDir,
  startScript,
  waitForHealth,
  type Running,
} from './server-processes.ts';

const BOUNDARY = 'darkroom-test-boundary';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(300, 7),
]);

/** A form-data part (RFC 7578), its delimiter first; a file part when it has a filename. */
function part(name: string, value: Buffer | string, filename?: string): Buffer {
  const disposition = filename
    ? `form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png`
    : `form-data; name="${name}"`;
  return Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
}

const CLOSE_DELIMITER = Buffer.from(`--${BOUNDARY}--\r\n`);

function statusOf(answer: string): number | null {
  const match = /^HTTP\/1\.1 (\d{3}) /.exec(answer);
  return match ? Number(match[1]) : null;
}

function detailOf(answer: string): string {
  const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as {
    errors: { detail: string }[];
  };
  return body.errors[0]?.detail ?? '';
}

/** Every file and folder below `root`, relative to it. */
async function everything(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true }).catch(() => []);
  return entries.map(String).sort();
}

describe('uploads a server process refuses without failing', () => {
  let setup: Awaited<ReturnType<typeof seededDataDir>>;
  let server: Running;
  let token: string;
  let sourceId: string;
  let uploads = 0;

  beforeAll(async () => {
    setup = await seededDataDir('uploads');
    server = startScript(MAIN, {
      ...setup.env,
      HEADERS_TIMEOUT_MS: '1000',
      REQUEST_TIMEOUT_MS: '2000',
    });
    await waitForHealth(setup.base, server);
    const signUp = await fetch(`${setup.base}/api/v4/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/vnd.api+json' },
      body: JSON.stringify({
        data: {
          type: 'accounts',
          attributes: { company: 'Up', name: 'Ulla', email: uniqueEmail(), password: PASSWORD },
        },
      }),
    });
    token = ((await signUp.json()) as { data: { attributes: { token: string } } }).data.attributes
      .token;
    const subdomain = `up${Math.random().toString(36).slice(2, 10)}`;
    const created = await fetch(`${setup.base}/api/v4/sources`, {
      method: 'POST',
      headers: {
        'content-type': 'application/vnd.api+json',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        data: {
          type: 'sources',
          attributes: {
            name: subdomain,
            production: { type: 'darkroom_storage', darkroom_subdomains: [subdomain] },
          },
        },
      }),
    });
    expect(created.status).toBe(201);
    sourceId = ((await created.json()) as { data: { id: string } }).data.id;
  }, 120_000);

  afterAll(async () => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(setup.dataDir, { recursive: true, force: true });
  });

  /**
   * The head of an upload to the managed source. Each has its own query, so the test can tell
   * from the server's log that it has begun.
   */
  function uploadHead(
    contentLength: number,
    contentType = `multipart/form-data; boundary=${BOUNDARY}`,
  ) {
    uploads += 1;
    const target = `/api/v4/sources/${sourceId}/files?upload=${uploads}`;
    const head =
      `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${contentType}\r\nContent-Length: ${contentLength}\r\n\r\n`;
    return { head, begun: () => server.waitFor(`"url":"${target}"`) };
  }

  async function stillServes(): Promise<void> {
    expect((await fetch(`${setup.base}/healthz`)).status).toBe(200);
  }

  it('answers 400 to a file part that never meets its boundary, in one packet or two', async () => {
    const body = Buffer.concat([
      part('path', 'broken/one.png'),
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n`,
      ),
      PNG,
    ]);
    const together = uploadHead(body.length);
    const inOnePacket = await rawExchange(setup.port, [
      Buffer.concat([Buffer.from(together.head), body]),
    ]);
    expect(statusOf(inOnePacket), inOnePacket).toBe(400);
    expect(detailOf(inOnePacket)).toMatch(/cut short|closing boundary/);

    const apart = uploadHead(body.length);
    const inTwo = await rawExchange(setup.port, [apart.head, apart.begun, body]);
    expect(statusOf(inTwo), inTwo).toBe(400);
    await stillServes();
  });

  it('answers 400 to a body that ends after its file part without the close delimiter', async () => {
    // The file part ends at the next delimiter; the close delimiter would add "--" to it.
    const body = Buffer.concat([
      part('path', 'broken/two.png'),
      part('file', PNG, 'b.png'),
      Buffer.from(`--${BOUNDARY}`),
    ]);
    const upload = uploadHead(body.length);
    const answer = await rawExchange(setup.port, [upload.head, upload.begun, body]);
    expect(statusOf(answer), answer).toBe(400);
    expect(detailOf(answer)).toContain('boundary');
    await stillServes();
  });

  it('answers 400 to a multipart content type without its boundary', async () => {
    const body = Buffer.concat([part('file', PNG, 'c.png'), CLOSE_DELIMITER]);
    const upload = uploadHead(body.length, 'multipart/form-data');
    const answer = await rawExchange(setup.port, [upload.head, body]);
    expect(statusOf(answer), answer).toBe(400);
    expect(detailOf(answer)).toContain('boundary');
    await stillServes();
  });

  it('keeps serving when a client vanishes in the middle of its upload', async () => {
    const body = Buffer.concat([
      part('path', 'broken/three.png'),
      part('file', PNG, 'd.png'),
      CLOSE_DELIMITER,
    ]);
    const upload = uploadHead(body.length);
    await rawExchange(
      setup.port,
      [upload.head, upload.begun, body.subarray(0, body.length - 120)],
      {
        abandon: true,
      },
    );
    await stillServes();
  });

  it(
    'answers 408 to a body that stops arriving and to headers that never end',
    { timeout: 60_000 },
    async () => {
      const body = Buffer.concat([
        part('path', 'broken/four.png'),
        part('file', PNG, 'e.png'),
        CLOSE_DELIMITER,
      ]);
      const upload = uploadHead(body.length);
      const stalled = await rawExchange(setup.port, [
        upload.head,
        upload.begun,
        body.subarray(0, 100),
      ]);
      expect(statusOf(stalled), stalled).toBe(408);

      const endless = await rawExchange(setup.port, [
        'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      ]);
      expect(statusOf(endless), endless).toBe(408);
      await stillServes();
    },
  );

  it(
    'still stores a whole upload, and nothing of the refused ones is left',
    { timeout: 60_000 },
    async () => {
      const body = Buffer.concat([
        part('path', 'kept/whole.png'),
        part('file', PNG, 'f.png'),
        CLOSE_DELIMITER,
      ]);
      const upload = uploadHead(body.length);
      const answer = await rawExchange(setup.port, [upload.head, body]);
      expect(statusOf(answer), answer).toBe(201);

      // A graceful stop waits for every request the server has begun: all have ended once it exits.
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      const folder = path.join(setup.dataDir, 'managed', sourceId);
      expect(await everything(folder)).toEqual(['kept', path.join('kept', 'whole.png')]);
    },
  );
});
