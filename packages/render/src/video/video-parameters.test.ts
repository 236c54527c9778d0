import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PARAMETER_NAMES } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import { VIDEO_PARAMETERS } from './video-parameters.ts';

const RENDER_SOURCES = fileURLToPath(new URL('..', import.meta.url));

/** Every `video-*` parameter a render module reads through the Params accessors. */
function videoParametersRead(): Set<string> {
  const read = new Set<string>();
  const files = readdirSync(RENDER_SOURCES, { recursive: true, encoding: 'utf8' }).filter(
    (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
  );
  for (const file of files) {
    const text = readFileSync(join(RENDER_SOURCES, file), 'utf8');
    for (const match of text.matchAll(
      /params\.(?:string|number|has|strings|boolean|color|raw)\('(video-[a-z-]+)'/g,
    )) {
      read.add(match[1] ?? '');
    }
  }
  return read;
}

describe('VIDEO_PARAMETERS', () => {
  it('names catalogue parameters only', () => {
    for (const name of VIDEO_PARAMETERS) expect(PARAMETER_NAMES).toContain(name);
  });

  it('lists exactly the video parameters the render modules read', () => {
    expect([...videoParametersRead()].sort()).toEqual([...VIDEO_PARAMETERS].sort());
  });
});
