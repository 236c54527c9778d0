import { rm } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../requests.ts';
import {
  MAIN,
  STAND_IN_SERVER,
  accepts,
  seededDataDir,
  startScript,
  waitForHealth,
  type Running,
} from './server-processes.ts';

/** A socket that has sent `head` and waits: a request in flight, its end not yet sent. */
function heldRequest(
  port: number,
  head: string,
): Promise<{ finish(rest: string): Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const closed = new Promise<string>((done) => socket.on('close', () => done(answer)));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.once('connect', () =>
      socket.write(head, () =>
        resolve({
          finish(rest) {
            socket.write(rest);
            return closed;
          },
        }),
      ),
    );
  });
}

/** Resolves once the server has stopped accepting connections (it is draining). */
async function untilRefused(port: number): Promise<void> {
  while (await accepts(port)) await new Promise((resolve) => setTimeout(resolve, 50));
}

function signInBody(email: string): string {
  return JSON.stringify({ data: { type: 'sessions', attributes: { email, password: PASSWORD } } });
}

function jsonBody(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
}

describe('a server process stopping on a signal', () => {
  let setup: Awaited<ReturnType<typeof seededDataDir>>;
  let server: Running | null = null;

  beforeAll(async () => {
    setup = await seededDataDir('shutdown');
  });
  afterEach(() => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  });
  afterAll(async () => {
    await rm(setup.dataDir, { recursive: true, force: true });
  });

  async function started(script: string, env: Record<string, string> = {}): Promise<Running> {
    const running = startScript(script, { ...setup.env, ...env });
    server = running;
    await waitForHealth(setup.base, running);
    return running;
  }

  /**
   * A sign-in whose body has not all arrived, once the server has begun it (its log says so): a
   * connection the server reads from is not idle, one whose bytes it has not read yet would be.
   */
  async function signInInFlight(running: Running, body: string) {
    const request = await heldRequest(
      setup.port,
      'POST /api/v4/sessions HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `Content-Type: application/vnd.api+json\r\nContent-Length: ${body.length}\r\n\r\n` +
        body.slice(0, 10),
    );
    await running.waitFor('"url":"/api/v4/sessions"');
    return { finish: () => request.finish(body.slice(10)) };
  }

  it(
    'exits 0 when idle, closing its keep-alive connections and its port',
    { timeout: 90_000 },
    async () => {
      const running = await started(MAIN);
      // A keep-alive connection left idle after its request, as browsers and balancers keep them.
      const idle = net.connect(setup.port, '127.0.0.1');
      const idleClosed = new Promise<void>((resolve) => idle.on('close', () => resolve()));
      const answered = new Promise<void>((resolve) => idle.once('data', () => resolve()));
      idle.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      await answered;

      running.child.kill('SIGTERM');
      await idleClosed;
      const stopped = await running.exited;
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('"msg":"stopped"');
      expect(await accepts(setup.port)).toBe(false);
    },
  );

  it(
    'finishes a request in flight while /healthz answers 503 draining, then exits 0',
    { timeout: 90_000 },
    async () => {
      const running = await started(MAIN, { SHUTDOWN_GRACE_MS: '60000' });
      const email = uniqueEmail('drain');
      const signUp = await fetch(`${setup.base}/api/v4/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/vnd.api+json' },
        body: JSON.stringify({
          data: {
            type: 'accounts',
            attributes: { company: 'Drain', name: 'Dee', email, password: PASSWORD },
          },
        }),
      });
      expect(signUp.status).toBe(201);

      // A load balancer's probe whose request has begun: not an idle connection.
      const probe = await heldRequest(setup.port, 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      // Begun after the probe's first bytes were sent, so the server has read those by then.
      const slow = await signInInFlight(running, signInBody(email));

      running.child.kill('SIGTERM');
      await untilRefused(setup.port);
      const health = await probe.finish('\r\n');
      expect(health, running.output()).toMatch(/^HTTP\/1\.1 503 /);
      expect(jsonBody(health)).toEqual({ status: 'draining' });
      expect(running.child.exitCode).toBeNull();

      const session = await slow.finish();
      expect(session).toMatch(/^HTTP\/1\.1 201 /);
      const stopped = await running.exited;
      expect(stopped.code).toBe(0);
      expect(stopped.output).toContain('"msg":"stopped"');
    },
  );

  it(
    'exits 1 when a request is still in flight as the grace runs out',
    { timeout: 90_000 },
    async () => {
      const running = await started(MAIN, { SHUTDOWN_GRACE_MS: '1000' });
      await signInInFlight(running, signInBody(uniqueEmail()));
      running.child.kill('SIGTERM');
      const stopped = await running.exited;
      expect(stopped.code).toBe(1);
      expect(stopped.output).toContain('requests still in flight when the shutdown grace ran out');
    },
  );

  it('exits at once on a second signal', { timeout: 90_000 }, async () => {
    const running = await started(MAIN, { SHUTDOWN_GRACE_MS: '600000' });
    await signInInFlight(running, signInBody(uniqueEmail()));
    running.child.kill('SIGTERM');
    await running.waitFor('"msg":"shutting down"');
    running.child.kill('SIGINT');
    const stopped = await running.exited;
    expect(stopped.code).toBe(1);
    expect(stopped.output).toContain('second signal: exiting at once');
  });

  it(
    'logs and counts exceptions and rejections nobody handled, and keeps serving',
    { timeout: 90_000 },
    async () => {
      const running = await started(STAND_IN_SERVER, { STAND_IN_FAULTS: '1' });
      await running.waitFor('"msg":"uncaught exception"');
      await running.waitFor('"msg":"unhandled rejection"');
      expect(running.output()).toContain('a stray exception');
      expect(running.output()).toContain('a stray rejection');
      expect(running.output()).toMatch(/"unhandledErrors":2/);
      expect((await fetch(`${setup.base}/healthz`)).status).toBe(200);
      running.child.kill('SIGTERM');
      expect((await running.exited).code).toBe(0);
    },
  );
});
