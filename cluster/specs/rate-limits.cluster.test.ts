// The per-IP sign-in limit and the sign-in lockout hold across the three nodes: both are counted
// in the shared PostgreSQL (docs/ARCHITECTURE.md, "How it scales"), so a client spreading its
// attempts over the processes gets no more than the configured total, not one total per process.
// Every request here comes from 127.0.0.1, as every spec's does.
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clusterContext,
  signIn,
  signUp,
  sql,
  uniqueEmail,
  type ApiAnswer,
} from '../support/nodes.ts';

const WRONG = 'not the password';

/** Starts every test, and leaves the file, with no window counted: the limit is per minute. */
async function forgetRateLimitWindows(): Promise<void> {
  await sql(clusterContext(), 'delete from rate_limit_windows');
}

function expectRateLimited(response: ApiAnswer): void {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  expect(response.body.errors[0]).toMatchObject({ status: '429', code: 'rate_limited' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

function expectLockedOut(response: ApiAnswer, minutes: number): void {
  expect(response.status, JSON.stringify(response.body)).toBe(429);
  expect(response.body.errors).toEqual([
    {
      status: '429',
      code: 'sign_in_locked',
      title: 'Too many failed sign-ins',
      detail: `Too many failed sign-ins with this email. Try again in ${minutes} minutes.`,
    },
  ]);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

describe('rate limits across nodes', () => {
  beforeEach(forgetRateLimitWindows);
  afterAll(forgetRateLimitWindows);

  it('holds the per-IP sign-in limit across the nodes: 429 past the configured total', async () => {
    const { nodes } = clusterContext();
    const limit = Number(nodes[0]?.env.SIGN_IN_RATE_LIMIT_PER_MINUTE);
    expect(limit).toBeGreaterThan(nodes.length);
    // Each attempt names an email of its own, so no lockout is counted.
    for (let attempt = 0; attempt < limit; attempt += 1) {
      const node = nodes[attempt % nodes.length];
      if (node === undefined) throw new Error('no node');
      const response = await signIn(node, uniqueEmail('limited'), WRONG);
      expect(response.status, `attempt ${attempt + 1} on ${node.name}`).toBe(401);
    }
    // Each node has seen a third of the attempts, and each refuses the next one.
    for (const node of nodes) expectRateLimited(await signIn(node, uniqueEmail('over'), WRONG));
  });

  it('locks an email after failures spread over the nodes, on every node', async () => {
    const { nodes } = clusterContext();
    const [first] = nodes;
    if (first === undefined) throw new Error('no nodes');
    const failures = Number(first.env.SIGN_IN_LOCKOUT_FAILURES ?? 10);
    const minutes = Number(first.env.SIGN_IN_LOCKOUT_MINUTES ?? 15);
    const owner = await signUp(first);
    for (let failure = 0; failure < failures; failure += 1) {
      const node = nodes[failure % nodes.length];
      if (node === undefined) throw new Error('no node');
      const response = await signIn(node, owner.email, WRONG);
      expect(response.status, `failure ${failure + 1} on ${node.name}`).toBe(401);
    }
    for (const node of nodes)
      expectLockedOut(await signIn(node, owner.email, owner.password), minutes);
    // Recorded once, though three processes saw the failures and the refusals.
    const locked = await sql(
      clusterContext(),
      "select details from audit_events where action = 'sign_in.locked' and account_id = $1",
      [owner.accountId],
    );
    expect(locked).toEqual([{ details: { email: owner.email } }]);
  });
});
