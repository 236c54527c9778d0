import dns from 'node:dns';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from 'undici';
import { GuardedFetchError } from '../../src/net/guarded-fetch-error.ts';
import { guardedFetch } from '../../src/net/guarded-fetch.ts';
import { checkUrl, createGuardedAgent, type Resolver } from '../../src/net/ssrf-guard.ts';
import {
  startCanary,
  startHttpServer,
  type Canary,
  type TestHttpServer,
} from '../origin-servers/http.ts';

// Every test server listens on loopback, so one loopback address (127.0.0.2) is exempted to
// stand in for a public origin; the canary on 127.0.0.1 stands for everything private.
const PUBLIC_STAND_IN = '127.0.0.2';

let canary: Canary;
let rebindCanary: Canary;
let redirector: TestHttpServer;
let agent: Agent;
let rebindLookups = 0;

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

const resolver: Resolver = async (hostname) => {
  switch (hostname) {
    case 'public.test':
      return [v4('127.0.0.1')];
    case 'mixed.test':
      return [v4('93.184.216.34'), v4('127.0.0.1')];
    case 'v6.test':
      return [v6('::1')];
    case 'mapped.test':
      return [v6('::ffff:127.0.0.1')];
    case 'meta.test':
      return [v4('169.254.169.254')];
    case 'private.test':
      return [v4('10.1.2.3')];
    case 'stand-in.test':
      return [v4(PUBLIC_STAND_IN)];
    case 'rebind.test':
      // Public on the first lookup, loopback ever after: the classic DNS rebinding answer.
      rebindLookups += 1;
      return [v4(rebindLookups === 1 ? PUBLIC_STAND_IN : '127.0.0.1')];
    default:
      return dns.promises.lookup(hostname, { all: true });
  }
};

beforeAll(async () => {
  canary = await startCanary('127.0.0.1');
  redirector = await startHttpServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://x').searchParams.get('to');
    if (target !== null) {
      response.writeHead(302, { location: target, connection: 'close' });
      response.end();
      return;
    }
    if (request.url === '/loop') {
      response.writeHead(302, { location: '/again', connection: 'close' });
      response.end();
      return;
    }
    response.end('public');
  }, PUBLIC_STAND_IN);
  // The rebinding target shares the redirector's port, so only the address decides.
  rebindCanary = await startCanary('127.0.0.1', redirector.port);
  agent = createGuardedAgent({
    allowPrivateOrigins: false,
    resolver,
    exemptAddresses: [PUBLIC_STAND_IN],
    connectTimeoutMs: 2_000,
  });
});

afterAll(async () => {
  await agent.close();
  await redirector.close();
  await canary.close();
  await rebindCanary.close();
});

const fetchHostile = (url: string) =>
  guardedFetch(url, {
    allowPrivateOrigins: false,
    agent,
    connectTimeoutMs: 2_000,
    requestTimeoutMs: 5_000,
  });

async function expectRefused(url: string): Promise<void> {
  const error = await fetchHostile(url).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, url).toBeInstanceOf(GuardedFetchError);
  expect(['blocked_address', 'unsupported_scheme', 'invalid_url'], url).toContain(
    (error as GuardedFetchError).kind,
  );
}

function hostileTargets(port: number): string[] {
  return [
    `http://127.0.0.1:${port}/`,
    `https://127.0.0.1:${port}/`,
    `http://127.0.0.1.:${port}/`,
    `http://2130706433:${port}/`,
    `http://0x7f000001:${port}/`,
    `http://017700000001:${port}/`,
    `http://127.1:${port}/`,
    `http://127.0.1:${port}/`,
    `http://0177.0.0.1:${port}/`,
    `http://0x7f.0x0.0x0.0x1:${port}/`,
    `http://%31%32%37.0.0.1:${port}/`,
    `http://[::1]:${port}/`,
    `http://[::ffff:127.0.0.1]:${port}/`,
    `http://[::ffff:7f00:1]:${port}/`,
    `http://[0:0:0:0:0:ffff:127.0.0.1]:${port}/`,
    `http://[::127.0.0.1]:${port}/`,
    `http://[64:ff9b::127.0.0.1]:${port}/`,
    `http://[2002:7f00:1::]:${port}/`,
    `http://0.0.0.0:${port}/`,
    `http://0:${port}/`,
    `http://[::]:${port}/`,
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://100.64.0.1/',
    'http://10.0.0.1/',
    'http://10.255.255.255/',
    'http://172.16.0.1/',
    'http://172.31.255.254/',
    'http://192.168.0.1/',
    'http://192.168.1.1:8080/',
    'http://224.0.0.1/',
    'http://240.0.0.1/',
    'http://255.255.255.255/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
    'http://[ff02::1]/',
    'file:///etc/passwd',
    `ftp://127.0.0.1:${port}/`,
    `gopher://127.0.0.1:${port}/_GET%20/`,
    'data:text/plain,hello',
    `ws://127.0.0.1:${port}/`,
    `http://localhost:${port}/`,
    `http://public.test:${port}/`,
    `http://mixed.test:${port}/`,
    `http://v6.test:${port}/`,
    `http://mapped.test:${port}/`,
    'http://meta.test/latest/meta-data/',
    'http://private.test/',
  ];
}

describe('SSRF guard', () => {
  it('lets the stand-in public origin through, so the refusals below are the guard at work', async () => {
    const response = await fetchHostile(`http://stand-in.test:${redirector.port}/`);
    expect(response.status).toBe(200);
    response.body.resume();
  });

  it('refuses at least 40 hostile targets: numeric tricks, IPv6 forms, private ranges, schemes and names resolving inward', async () => {
    const targets = hostileTargets(canary.port);
    expect(targets.length).toBeGreaterThanOrEqual(40);
    for (const target of targets) await expectRefused(target);
  });

  it('refuses every redirect from an allowed origin to a private address', async () => {
    const port = canary.port;
    const destinations = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://2130706433:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://public.test:${port}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'file:///etc/passwd',
      `gopher://127.0.0.1:${port}/`,
    ];
    for (const destination of destinations) {
      await expectRefused(
        `http://${PUBLIC_STAND_IN}:${redirector.port}/?to=${encodeURIComponent(destination)}`,
      );
    }
  });

  it('refuses a name that resolves public first and loopback on the next lookup (DNS rebinding)', async () => {
    rebindLookups = 0;
    await expectRefused(`http://rebind.test:${redirector.port}/loop`);
    expect(rebindLookups).toBeGreaterThanOrEqual(2);
  });

  it('normalises numeric hosts to the address they stand for before checking them', () => {
    for (const host of ['2130706433', '0x7f000001', '017700000001', '127.1']) {
      expect(() => checkUrl(`http://${host}/`, { allowPrivateOrigins: false })).toThrow(
        GuardedFetchError,
      );
      expect(checkUrl(`http://${host}/`, { allowPrivateOrigins: true }).hostname).toBe('127.0.0.1');
    }
  });

  it('never let a single connection reach the canaries', () => {
    expect(canary.connections()).toBe(0);
    expect(rebindCanary.connections()).toBe(0);
  });
});
