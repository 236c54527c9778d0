import { describe, expect, it } from 'vitest';
import { SourceCache } from './source-cache.ts';

interface Source {
  id: string;
  version: number;
}

function setup(initial: Record<string, Source | null>) {
  const table = { ...initial };
  const loads: string[] = [];
  let now = 0;
  const cache = new SourceCache<Source>({
    load: async (host) => {
      loads.push(host);
      return table[host] ?? null;
    },
    idOf: (source) => source.id,
    ttlMs: 1000,
    maxEntries: 3,
    now: () => now,
  });
  return {
    cache,
    loads,
    table,
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
});
