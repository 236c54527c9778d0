import { parseParams, type Params } from '@darkroom/core';
import { describe, expect, it } from 'vitest';
import type { ClientHints } from '../pipeline/context.ts';
import { quadrants } from '../testing/images.ts';
import { renderQuery } from '../testing/render-query.ts';
import { applyClientHints } from './client-hints.ts';

const NO_HINTS: ClientHints = { width: null, viewportWidth: null, dpr: null, saveData: false };

function params(query: string): Params {
  const parsed = parseParams(new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.issues.map((issue) => issue.message).join('; '));
  return parsed.params;
}

describe('applyClientHints', () => {
  it('changes nothing without ch, whatever the headers say', () => {
    const original = params('w=400');
    const hinted = applyClientHints(original, { ...NO_HINTS, width: 100, dpr: 3, saveData: true });
    expect(hinted).toBe(original);
  });

  it('lets the Width header replace w when ch names it', () => {
    const hinted = applyClientHints(params('ch=Width&w=400'), { ...NO_HINTS, width: 320 });
    expect(hinted.number('w')).toBe(320);
  });

  it('treats Width as device pixels: with DPR 2 the CSS width is half of it', () => {
    const hinted = applyClientHints(params('ch=Width,DPR&w=400&dpr=1'), {
      ...NO_HINTS,
      width: 640,
      dpr: 2,
    });
    expect(hinted.number('dpr')).toBe(2);
    expect(hinted.number('w')).toBe(320);
  });

  it('keeps the URL values for hints the browser did not send', () => {
    const hinted = applyClientHints(params('ch=Width,DPR&w=400&dpr=2'), NO_HINTS);
    expect([hinted.number('w'), hinted.number('dpr')]).toEqual([400, 2]);
  });

  it('sets q=45 for Save-Data, over the URL q', () => {
    const hinted = applyClientHints(params('ch=Save-Data&q=90'), { ...NO_HINTS, saveData: true });
    expect(hinted.number('q')).toBe(45);
  });
});

describe('client hints in a render', () => {
  it('renders at the hinted width', async () => {
    const result = await renderQuery(await quadrants(400, 300), 'ch=Width,DPR&w=50', {
      clientHints: { ...NO_HINTS, width: 200, dpr: 2 },
    });
    expect([result.width, result.height]).toEqual([200, 150]);
  });

  it('with Save-Data encodes the same bytes as q=45', async () => {
    const input = await quadrants(64, 48, 'jpeg');
    const saving = await renderQuery(input, 'ch=Save-Data', {
      clientHints: { ...NO_HINTS, saveData: true },
    });
    const q45 = await renderQuery(input, 'q=45');
    expect(saving.body.equals(q45.body)).toBe(true);
  });
});
