// imgix answers 414 URI Too Long (RFC 9110 section 15.5.15) to URLs over 8,000 characters, and
// so does delivery: on the Fastify route and on the fast path, which hands such a URL over
// without looking it up.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BACKENDS } from '../databases.ts';
import { useTestApp } from '../test-app.ts';
import {
  MemoryOrigin,
  createSource,
  deliver,
  deliverRaw,
  quadrantsPng,
  useDataDir,
  type TestSource,
} from './fixtures.ts';

const LIMIT = 8000;

/** `/cat.png?w=20&ixlib=...` padded to exactly `length` characters (ixlib is ignored). */
function targetOfLength(length: number): string {
  const start = '/cat.png?w=20&ixlib=';
  return `${start}${'a'.repeat(length - start.length)}`;
}

describe.each(BACKENDS)('delivery URL length on $name', (backend) => {
  const origin = new MemoryOrigin();
  const context = useTestApp(
    backend,
    { DATA_DIR: useDataDir() },
    { storageAdapterFactory: origin.factory },
  );
  let source: TestSource;

  beforeAll(async () => {
    origin.put('images', 'cat.png', await quadrantsPng(40, 30));
    source = await createSource(context.app);
  });

  it('serves a URL of 8,000 characters and refuses one of 8,001 with 414, saying why', async () => {
    const longest = await deliver(context.app, source.host, targetOfLength(LIMIT));
    expect(longest.status, longest.text).toBe(200);
    const over = await deliver(context.app, source.host, targetOfLength(LIMIT + 1));
    expect(over.status).toBe(414);
    expect(over.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(over.text).toBe(
      'The URL is 8001 characters long; the limit is 8000. Shorten the query, such as a long txt value.\n',
    );
  });

  it('answers 414 on a socket too, the fast path handing the URL over unread', async () => {
    const fastPath = vi.spyOn(context.app.delivery, 'answerFromMemory');
    try {
      // The URL that was served is a hit now, answered before Fastify.
      const hit = await deliverRaw(context.app, source.host, targetOfLength(LIMIT));
      expect(hit.status).toBe(200);
      expect(fastPath.mock.results.map((result) => result.value)).toEqual([true]);
      fastPath.mockClear();
      for (const length of [LIMIT + 1, 12_000]) {
        const over = await deliverRaw(context.app, source.host, targetOfLength(length));
        expect(over.status, over.text).toBe(414);
        expect(over.text).toContain(`The URL is ${length} characters long`);
      }
      expect(fastPath).not.toHaveBeenCalled();
    } finally {
      fastPath.mockRestore();
    }
  });
});
