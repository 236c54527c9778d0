import { describe, expect, it } from 'vitest';
import { SourceCache } from './source-cache.ts';

interface Source {
  id: string;
  version: number;
}

function setup(initial: Record<string, Source | null>) {
  const table = { ...initial };
  const loads: string[] = [];
  const outages: unknown[] = [];
  let recoveries = 0;
  let now = 0;
  /** What the next reads do: answer from the table, fail, or wait until `release` is called. */
  let database: 'up' | 'down' | 'stalled' = 'up';
  let release = () => {};
  const cache = new SourceCache<Source>({
    load: async (host) => {
      loads.push(host);
      if (database === 'down') throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
      if (database === 'stalled') await new Promise<void>((resolve) => (release = resolve));
      return table[host] ?? null;
    },
    idOf: (source) => source.id,
    ttlMs: 1000,
    maxStaleMs: 60_000,
    reloadWaitMs: 20,
    retryMs: 2000,
    maxEntries: 3,
    now: () => now,
    onOutage: (error) => outages.push(error),
    onRecovered: () => {
      recoveries += 1;
    },
  });
  return {
    cache,
    loads,
    table,
    outages,
    recoveries: () => recoveries,
    database: (state: typeof database) => {
      database = state;
    },
    release: () => release(),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('SourceCache', () => {
  it('reads the database once per host until the entry expires', async () => {
    const { cache, loads, advance } = setup({ 'a.localhost': { id: 'a', version: 1 } });
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(loads).toEqual(['a.localhost']);
    advance(1001);
    await cache.get('a.localhost');
    expect(loads).toEqual(['a.localhost', 'a.localhost']);
  });

  it('peeks only at fresh lookups and never loads', async () => {
    const { cache, loads, advance } = setup({ 'a.localhost': { id: 'a', version: 1 } });
    expect(cache.peek('a.localhost')).toBeUndefined();
    expect(loads).toEqual([]);
    await cache.get('a.localhost');
    await cache.get('x.localhost');
    expect(cache.peek('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(cache.peek('x.localhost')).toBeNull();
    advance(1001);
    expect(cache.peek('a.localhost')).toBeUndefined();
    cache.invalidate('a');
    expect(loads).toEqual(['a.localhost', 'x.localhost']);
  });

  it('remembers unknown hosts too', async () => {
    const { cache, loads } = setup({});
    expect(await cache.get('x.localhost')).toBeNull();
    expect(await cache.get('x.localhost')).toBeNull();
    expect(loads).toEqual(['x.localhost']);
  });

  it('shares one database read between concurrent lookups', async () => {
    const { cache, loads } = setup({ 'a.localhost': { id: 'a', version: 1 } });
    await Promise.all([cache.get('a.localhost'), cache.get('a.localhost')]);
    expect(loads).toEqual(['a.localhost']);
  });

  it('forgets a source and every unknown host when the source changes', async () => {
    const { cache, loads, table } = setup({ 'a.localhost': { id: 'a', version: 1 } });
    await cache.get('a.localhost');
    await cache.get('new.localhost');
    table['a.localhost'] = { id: 'a', version: 2 };
    table['new.localhost'] = { id: 'a', version: 2 };
    cache.invalidate('a');
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 2 });
    expect(await cache.get('new.localhost')).toEqual({ id: 'a', version: 2 });
    expect(loads).toHaveLength(4);
  });

  it('does not keep what a lookup read before an invalidation', async () => {
    const { cache, table } = setup({ 'a.localhost': { id: 'a', version: 1 } });
    const stale = cache.get('a.localhost');
    table['a.localhost'] = { id: 'a', version: 2 };
    cache.invalidate('a');
    expect(await stale).toEqual({ id: 'a', version: 1 });
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 2 });
  });

  it('holds at most maxEntries hosts, dropping the oldest', async () => {
    const { cache, loads } = setup({});
    for (const host of ['1', '2', '3', '4']) await cache.get(host);
    await cache.get('1');
    expect(loads).toEqual(['1', '2', '3', '4', '1']);
  });

  it('answers with the last lookup while the database fails, and says so once', async () => {
    const { cache, loads, outages, recoveries, database, advance, table } = setup({
      'a.localhost': { id: 'a', version: 1 },
    });
    await cache.get('a.localhost');
    await cache.get('x.localhost');
    database('down');
    advance(1001);
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(await cache.get('x.localhost')).toBeNull();
    // The fast path sees the stale lookups too, without a read.
    expect(cache.peek('a.localhost')).toEqual({ id: 'a', version: 1 });
    for (let index = 0; index < 5; index += 1) await cache.get('a.localhost');
    expect(loads).toEqual(['a.localhost', 'x.localhost', 'a.localhost', 'x.localhost']);
    expect(outages).toHaveLength(1);
    // Tried again after retryMs, in the background: the request does not wait for it.
    advance(2001);
    expect(cache.peek('a.localhost')).toBeUndefined();
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(loads).toHaveLength(5);
    expect(outages).toHaveLength(1);
    database('up');
    table['a.localhost'] = { id: 'a', version: 2 };
    advance(2001);
    // The next try reads the new version, and from then on it answers.
    await cache.get('a.localhost');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 2 });
    expect(recoveries()).toBe(1);
  });

  it('answers with the last lookup when a read takes longer than a request waits', async () => {
    const { cache, loads, outages, database, release, advance } = setup({
      'a.localhost': { id: 'a', version: 1 },
    });
    await cache.get('a.localhost');
    database('stalled');
    advance(1001);
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(outages).toHaveLength(1);
    // While the read hangs, later requests neither wait nor start another.
    expect(cache.peek('a.localhost')).toEqual({ id: 'a', version: 1 });
    advance(2001);
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(cache.peek('a.localhost')).toEqual({ id: 'a', version: 1 });
    expect(loads).toEqual(['a.localhost', 'a.localhost']);
    database('up');
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.peek('a.localhost')).toEqual({ id: 'a', version: 1 });
  });

  it('fails a lookup whose last read is older than maxStaleMs', async () => {
    const { cache, database, advance } = setup({ 'a.localhost': { id: 'a', version: 1 } });
    await cache.get('a.localhost');
    database('down');
    advance(30_000);
    expect(await cache.get('a.localhost')).toEqual({ id: 'a', version: 1 });
    advance(30_000);
    expect(cache.peek('a.localhost')).toBeUndefined();
    await expect(cache.get('a.localhost')).rejects.toThrow('ECONNREFUSED');
  });

  it('has nothing stale to answer with for a host it never read, or a source just changed', async () => {
    const { cache, database, advance } = setup({ 'a.localhost': { id: 'a', version: 1 } });
    await cache.get('a.localhost');
    database('down');
    await expect(cache.get('b.localhost')).rejects.toThrow('ECONNREFUSED');
    cache.invalidate('a');
    advance(1001);
    await expect(cache.get('a.localhost')).rejects.toThrow('ECONNREFUSED');
  });
});
