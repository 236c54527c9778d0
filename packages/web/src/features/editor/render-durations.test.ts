import { beforeEach, describe, expect, it } from 'vitest';
import {
  estimatedRenderMs,
  formatWait,
  recordRenderDuration,
  renderKindOf,
} from './render-durations.ts';

describe('renderKindOf', () => {
  it('names the AI operations of a URL in one order, whatever the URL order', () => {
    expect(renderKindOf('http://a.test/x.jpg?upscale=true&w=10&bg-remove=true')).toBe(
      'bg-remove+upscale',
    );
    expect(renderKindOf('http://a.test/x.jpg?fill=gen&fill-gen-prompt=sea')).toBe('fill');
  });

  it('gives no kind to a render without AI, or with its switches off', () => {
    expect(renderKindOf('http://a.test/x.jpg?w=400')).toBeNull();
    expect(renderKindOf('http://a.test/x.jpg?bg-replace=false&fill=blur')).toBeNull();
    expect(renderKindOf('not a url')).toBeNull();
  });
});

describe('recent render durations', () => {
  beforeEach(() => localStorage.clear());

  it('estimates nothing before the first render of a kind', () => {
    expect(estimatedRenderMs('bg-remove')).toBeNull();
  });

  it('estimates the median of the last five renders of the kind', () => {
    for (const ms of [90_000, 10_000, 40_000, 42_000, 44_000, 46_000]) {
      recordRenderDuration('bg-remove', ms);
    }
    // 90 s fell out: the median of 10, 40, 42, 44 and 46 s.
    expect(estimatedRenderMs('bg-remove')).toBe(42_000);
    recordRenderDuration('upscale', 8_000);
    expect(estimatedRenderMs('upscale')).toBe(8_000);
    expect(estimatedRenderMs('bg-remove')).toBe(42_000);
  });

  it('keeps a bounded number of kinds, dropping the least recently recorded', () => {
    for (let index = 0; index < 14; index += 1) recordRenderDuration(`kind-${index}`, 1000);
    expect(estimatedRenderMs('kind-0')).toBeNull();
    expect(estimatedRenderMs('kind-1')).toBeNull();
    expect(estimatedRenderMs('kind-2')).toBe(1000);
    expect(estimatedRenderMs('kind-13')).toBe(1000);
  });

  it('starts afresh from a stored value it cannot read', () => {
    localStorage.setItem('darkroom.renderDurations', '{"bg-remove": "soon"}');
    expect(estimatedRenderMs('bg-remove')).toBeNull();
    localStorage.setItem('darkroom.renderDurations', 'not json');
    recordRenderDuration('bg-remove', 5_000);
    expect(estimatedRenderMs('bg-remove')).toBe(5_000);
  });
});

describe('formatWait', () => {
  it('reads as seconds, then minutes and seconds', () => {
    expect(formatWait(400)).toBe('0 s');
    expect(formatWait(44_600)).toBe('45 s');
    expect(formatWait(60_000)).toBe('1 min');
    expect(formatWait(70_000)).toBe('1 min 10 s');
  });
});
