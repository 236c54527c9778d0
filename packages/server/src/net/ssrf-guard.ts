// The SSRF guard: every HTTP fetch to a customer-chosen address goes through an undici Agent that
// checks the address it actually connects to. Checking the URL alone is not enough: a public name
// can resolve to a private address (or resolve differently a second time, DNS rebinding), and a
// redirect can point anywhere. So the check runs in the connector, on every resolved address and
// again on the connected socket's peer address.
import dns from 'node:dns';
import net from 'node:net';
import type { LookupAddress } from 'node:dns';
import { Agent, buildConnector } from 'undici';
import { isPrivateOrLoopbackIp } from '@darkroom/core';
import { GuardedFetchError } from './guarded-fetch-error.ts';

/** Resolves a host name to every address it has (dns.lookup with `all: true` by default). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardOptions {
  /** Lets private and loopback addresses through: local development and tests only. */
  allowPrivateOrigins: boolean;
  connectTimeoutMs?: number;
  /** Replaces the system resolver, so tests can make a name resolve wherever they need. */
  resolver?: Resolver;
  /**
   * Addresses let through although they are private. Tests only: every test server listens on
   * loopback, so a test exempts one loopback address to stand in for a public origin.
   */
  exemptAddresses?: readonly string[];
}

const SCHEMES = new Set(['http:', 'https:']);

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true });

/** Removes the brackets around an IPv6 host (`[::1]` -> `::1`). */
function bareHost(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/** True when the guard refuses to connect to `address` (an IP literal) under these options. */
function isBlockedAddress(
  address: string,
  options: Pick<GuardOptions, 'allowPrivateOrigins' | 'exemptAddresses'>,
): boolean {
  if (options.allowPrivateOrigins) return false;
  const ip = bareHost(address);
  if (options.exemptAddresses?.includes(ip)) return false;
  return isPrivateOrLoopbackIp(ip);
}

/**
 * Parses and checks a URL before any connection: only http and https, and an IP-literal host
 * must be allowed. WHATWG URL already turns `2130706433`, `0x7f000001`, `017700000001` and
 * `127.1` into `127.0.0.1`, so those tricks meet the same check as the plain address.
 */
export function checkUrl(input: string | URL, options: GuardOptions): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch (error) {
    throw new GuardedFetchError('invalid_url', 'This is not a valid URL.', { cause: error });
  }
  if (!SCHEMES.has(url.protocol)) {
    throw new GuardedFetchError(
      'unsupported_scheme',
      `Only http and https addresses can be fetched, not ${url.protocol}`,
    );
  }
  if (url.username !== '' || url.password !== '') {
    // Credentials in an origin URL would be sent to whoever the URL names; refuse them outright.
    throw new GuardedFetchError(
      'invalid_url',
      'Addresses with a user name or password are refused.',
    );
  }
  const host = bareHost(url.hostname);
  if (net.isIP(host) !== 0 && isBlockedAddress(host, options)) {
    throw blocked(host);
  }
  return url;
}

function blocked(address: string): GuardedFetchError {
  return new GuardedFetchError(
    'blocked_address',
    `The address ${address} is private, loopback or reserved and cannot be fetched.`,
  );
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for net.connect that resolves every address of the name and refuses the name
 * when ANY of them is blocked: picking only the allowed ones would still let an attacker's
 * name steer some connections inward once the resolver's answer order changes.
 */
export function guardedLookup(options: GuardOptions) {
  const resolve = options.resolver ?? systemResolver;
  return (hostname: string, lookupOptions: dns.LookupOptions, callback: LookupCallback): void => {
    resolve(hostname).then(
      (addresses) => {
        const wanted = addresses.filter(
          (entry) =>
            lookupOptions.family === undefined ||
            lookupOptions.family === 0 ||
            entry.family === lookupOptions.family,
        );
        const bad = addresses.find((entry) => isBlockedAddress(entry.address, options));
        if (bad !== undefined) {
          callback(blocked(bad.address), '');
          return;
        }
        const first = wanted[0];
        if (first === undefined) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (lookupOptions.all === true) callback(null, wanted);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, ''),
    );
  };
}

/**
 * An undici Agent that refuses blocked addresses at connect time. IP-literal hosts never reach
 * `lookup`, so they are checked before connecting; the connected socket's peer address is
 * checked once more, which also covers anything a future resolver path might skip.
 */
export function createGuardedAgent(options: GuardOptions): Agent {
  const connector = buildConnector({
    timeout: options.connectTimeoutMs ?? 5_000,
    lookup: guardedLookup(options),
  } as buildConnector.BuildOptions);
  return new Agent({
    connect(connectOptions, callback) {
      const host = bareHost(connectOptions.hostname);
      if (net.isIP(host) !== 0 && isBlockedAddress(host, options)) {
        callback(blocked(host), null);
        return;
      }
      connector(connectOptions, (error, socket) => {
        if (error !== null) {
          callback(error, null);
          return;
        }
        const remote = socket.remoteAddress;
        if (remote === undefined || isBlockedAddress(remote, options)) {
          socket.destroy();
          callback(blocked(remote ?? host), null);
          return;
        }
        callback(null, socket);
      });
    },
  });
}
