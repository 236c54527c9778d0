// Sends purges to the CDN in front of delivery hosts (CDN_PURGE_*), by surrogate key
// (surrogate-keys.ts, purge-requests.ts). Only the process that received a purge sends it, once;
// the others drop their own renders through cluster events. A CDN that fails is retried a few
// times with backoff in the background, then logged and counted
// (darkroom_cdn_purge_failures_total): it never fails the purge itself, which has already
// dropped every process's renders.
//
// These requests go to hosts the operator configured (a Varnish on the private network, Fastly's
// or Cloudflare's API), never to an address a customer chose, so they use plain fetch rather
// than the SSRF guard (net/), which exists to keep customer-named origins off private and
// loopback addresses: exactly where an operator's Varnish lives.
import type { FastifyBaseLogger } from 'fastify';
import type { CdnPurgeConfig } from '../config/cdn-purge.ts';
import { purgeRequests, type PurgeRequest } from './purge-requests.ts';

/** What the purger tells the server's metrics (metrics/ implements it). */
export interface CdnPurgeMetrics {
  /** A purge request that failed for good, its retries used up. */
  cdnPurgeFailed(): void;
}

export interface CdnPurgerOptions {
  config: CdnPurgeConfig;
  log: FastifyBaseLogger;
  metrics: CdnPurgeMetrics;
  /** Waits before each retry (default 1 s, then 5 s, then 30 s). */
  retryDelaysMs?: readonly number[];
  /** Longest one request may take. */
  timeoutMs?: number;
}

const RETRY_DELAYS_MS = [1_000, 5_000, 30_000];
const TIMEOUT_MS = 10_000;

type Outcome = 'done' | 'retry' | 'failed';

export class CdnPurger {
  readonly #config: CdnPurgeConfig;
  readonly #log: FastifyBaseLogger;
  readonly #metrics: CdnPurgeMetrics;
  readonly #retryDelaysMs: readonly number[];
  readonly #timeoutMs: number;
  /** Aborts requests and retry waits when the app closes. */
  readonly #closing = new AbortController();
  readonly #retrying = new Set<Promise<void>>();

  constructor(options: CdnPurgerOptions) {
    this.#config = options.config;
    this.#log = options.log;
    this.#metrics = options.metrics;
    this.#retryDelaysMs = options.retryDelaysMs ?? RETRY_DELAYS_MS;
    this.#timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  }

  /**
   * Purges `keys` at the CDN. Resolves once each request has had its first answer, so that a
   * working CDN has dropped the keys when the purge is answered; retries go on in the
   * background. Never rejects.
   */
  async purge(keys: readonly string[]): Promise<void> {
    await Promise.all(
      purgeRequests(this.#config, keys).map(async (request) => {
        const outcome = await this.#send(request, keys);
        if (outcome === 'retry') this.#retryLater(request, keys);
      }),
    );
  }

  /** Purges being retried now (tests, shutdown). */
  get retrying(): number {
    return this.#retrying.size;
  }

  /** Waits for the retries in progress (tests). */
  async settled(): Promise<void> {
    while (this.#retrying.size > 0) await Promise.all(this.#retrying);
  }

  /** Gives up the retries still waiting: a purge left unsent is logged and counted. */
  async close(): Promise<void> {
    this.#closing.abort();
    await this.settled();
  }

  #retryLater(request: PurgeRequest, keys: readonly string[]): void {
    const retries = (async () => {
      for (const delayMs of this.#retryDelaysMs) {
        if (!(await this.#wait(delayMs))) {
          this.#failed(request, keys, 'the server closed before it was sent');
          return;
        }
        // 'failed' has been logged and counted already.
        if ((await this.#send(request, keys)) !== 'retry') return;
      }
      this.#failed(request, keys, 'retries used up');
    })();
    this.#retrying.add(retries);
    void retries.finally(() => this.#retrying.delete(retries));
  }

  /** One attempt; 'failed' is final (and already logged and counted), 'retry' may succeed later. */
  async #send(request: PurgeRequest, keys: readonly string[]): Promise<Outcome> {
    if (this.#closing.signal.aborted) return 'retry';
    let status: number;
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        ...(request.body === undefined ? {} : { body: request.body }),
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(this.#timeoutMs), this.#closing.signal]),
      });
      status = response.status;
      // Read to the end, so that the connection goes back to fetch's pool.
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      this.#log.warn(
        { err: error, cdn: this.#config.provider, to: originOf(request.url), keys },
        'CDN purge request failed; retrying',
      );
      return 'retry';
    }
    if (status >= 200 && status < 300) return 'done';
    // Too many requests, a timeout or a server error may pass; anything else (a wrong token,
    // service or zone, a refused ban) will not, however often it is sent.
    if (status === 408 || status === 429 || status >= 500) {
      this.#log.warn(
        { cdn: this.#config.provider, to: originOf(request.url), status, keys },
        'CDN purge refused for now; retrying',
      );
      return 'retry';
    }
    this.#failed(request, keys, `answered ${status}`);
    return 'failed';
  }

  #failed(request: PurgeRequest, keys: readonly string[], reason: string): void {
    this.#metrics.cdnPurgeFailed();
    // The request's headers hold the API token: only where it went and why it failed are logged.
    this.#log.error(
      { cdn: this.#config.provider, to: originOf(request.url), keys, reason },
      'CDN purge failed: the CDN may serve the purged image until its TTL ends',
    );
  }

  /** Waits `ms`; false when the purger closed meanwhile. */
  #wait(ms: number): Promise<boolean> {
    const signal = this.#closing.signal;
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

/** `scheme://host:port` of a URL: never its path, query or user information. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}
