import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { configureLibvips } from '../pipeline/libvips.ts';
import { WorkerPool } from './pool.ts';
import { RENDER_THREAD_NICE, lowerRenderingThreads } from './thread-priority.ts';

interface ThreadFacts {
  tid: string;
  name: string;
  nice: number;
}

/** Each thread of this process: its name and nice value (proc(5), /proc/pid/stat field 19). */
function threads(): ThreadFacts[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      const name = readFileSync(`/proc/self/task/${tid}/comm`, 'latin1').trim();
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
      // Fields after the parenthesised name start at field 3 (state).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return [{ tid, name, nice: Number(fields[19 - 3]) }];
    } catch {
      return [];
    }
  });
}

const ownTid = () => readlinkSync('/proc/thread-self').split('/').at(-1) ?? '';

describe.runIf(process.platform === 'linux')('rendering threads run below the event loop', () => {
  it('lowers libvips worker threads and libuv pool threads, never the thread that serves', async () => {
    configureLibvips();
    const before = threads().find((thread) => thread.tid === ownTid())?.nice;
    await Promise.all(
      [0, 1, 2].map(() =>
        sharp({ create: { width: 1500, height: 1500, channels: 3, background: '#345' } })
          .blur(8)
          .webp()
          .toBuffer(),
      ),
    );
    lowerRenderingThreads();
    const libvips = threads().filter((thread) => thread.name === 'libvips worker');
    expect(libvips.length).toBeGreaterThan(0);
    expect(libvips.map((thread) => thread.nice)).toEqual(libvips.map(() => RENDER_THREAD_NICE));
    // sharp ran each pipeline on libuv's pool: those threads, like every other, are lowered.
    const others = threads().filter((thread) => thread.tid !== ownTid());
    expect(others.filter((thread) => thread.nice !== RENDER_THREAD_NICE)).toEqual([]);
    expect(threads().find((thread) => thread.tid === ownTid())?.nice).toBe(before);
  });

  it('starts render worker threads at the rendering priority', async () => {
    const known = new Set(threads().map((thread) => thread.tid));
    const pool = new WorkerPool({ size: 1 });
    try {
      await pool.run('dilate', { mask: new Uint8Array(16), width: 4, height: 4, radius: 1 });
      const started = threads().filter((thread) => !known.has(thread.tid));
      expect(started.some((thread) => thread.nice === RENDER_THREAD_NICE)).toBe(true);
    } finally {
      await pool.close();
    }
  });
});
