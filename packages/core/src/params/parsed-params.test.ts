import { describe, expect, it } from 'vitest';
import { parseParams } from './parse.ts';
import type { Params } from './types.ts';

// core compiles without DOM or Node typings; the runtime has URLSearchParams, as callers do.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;

function parsed(query: string): Params {
  const result = parseParams(new URLSearchParams(query));
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.params;
}

describe('Params accessors', () => {
  const params = parsed(
    'w=0.5&fit=crop&ar=4:3&auto=format,compress&invert=1&bg=80ff0000&txt=a&rect=0,0,10,10&frame=2-4',
  );

  it('reads each value type through its accessor', () => {
    expect(params.number('w')).toBe(0.5);
    expect(params.string('fit')).toBe('crop');
    expect(params.ratio('ar')).toEqual({ width: 4, height: 3 });
    expect(params.strings('auto')).toEqual(['format', 'compress']);
    expect(params.boolean('invert')).toBe(true);
    expect(params.color('bg')).toEqual({ r: 255, g: 0, b: 0, alpha: 128 / 255 });
    expect(params.list('rect')).toHaveLength(4);
    expect(params.interval('frame')).toEqual({ start: 2, end: 4 });
  });

  it('answers undefined when the accessor does not match the type', () => {
    expect(params.string('w')).toBeUndefined();
    expect(params.number('fit')).toBeUndefined();
    expect(params.color('txt')).toBeUndefined();
    expect(params.list('w')).toBeUndefined();
    expect(params.number('frame')).toBeUndefined();
  });

  it('answers undefined and [] for absent parameters', () => {
    expect(params.has('h')).toBe(false);
    expect(params.get('h')).toBeUndefined();
    expect(params.raw('h')).toBeUndefined();
    expect(params.strings('crop')).toEqual([]);
  });

  it('keeps the raw text as given', () => {
    expect(params.raw('w')).toBe('0.5');
    expect(params.raw('auto')).toBe('format,compress');
  });
});

describe('Params.getOrDefault', () => {
  it('falls back to the parsed catalogue default', () => {
    const params = parsed('w=10');
    expect(params.getOrDefault('fit')).toEqual({ type: 'string', value: 'clip' });
    expect(params.getOrDefault('q')).toEqual({ type: 'integer', value: 75 });
    expect(params.getOrDefault('dpr')).toEqual({ type: 'number', value: 1 });
    expect(params.getOrDefault('bg')).toEqual({
      type: 'color',
      value: { r: 255, g: 255, b: 255, alpha: 1 },
    });
    expect(params.getOrDefault('fp-x')).toEqual({ type: 'unit_scalar', value: 0.5 });
    expect(params.getOrDefault('w')).toEqual({ type: 'integer', value: 10 });
  });

  it('has no default where the catalogue gives none or only an "off" marker', () => {
    const params = parsed('');
    expect(params.getOrDefault('w')).toBeUndefined();
    expect(params.getOrDefault('bg-replace')).toBeUndefined();
  });
});

describe('Params.cacheKey', () => {
  it('is the same for aliases and equal numbers', () => {
    expect(parsed('w=100.0').cacheKey()).toBe(parsed('width=100').cacheKey());
  });

  it('ignores parameter order and the order of set-like lists', () => {
    expect(parsed('auto=compress,format&w=10').cacheKey()).toBe(
      parsed('w=10&auto=format,compress,format').cacheKey(),
    );
  });

  it('keeps the order of positional and directional lists', () => {
    expect(parsed('rect=0,10,20,30').cacheKey()).not.toBe(parsed('rect=10,0,20,30').cacheKey());
    const direction = (value: string) =>
      parsed(`fit=fill&fill=gradient&fill-gradient-linear-direction=${value}`).cacheKey();
    expect(direction('top,bottom')).not.toBe(direction('bottom,top'));
  });

  it('spells one colour one way', () => {
    expect(parsed('bg=red').cacheKey()).toBe(parsed('bg=%23FF0000').cacheKey());
    expect(parsed('bg=f00').cacheKey()).toBe(parsed('bg=ffff0000').cacheKey());
    expect(parsed('bg=f00').cacheKey()).not.toBe(parsed('bg=0f00').cacheKey());
  });

  it('is sorted and readable', () => {
    expect(parsed('w=10&auto=format&fm=png').cacheKey()).toBe('auto=format&fm=png&w=10');
  });

  it('is empty without parameters', () => {
    expect(parsed('').cacheKey()).toBe('');
  });
});

describe('Params.with', () => {
  it('parses overrides in, by canonical name or alias', () => {
    const params = parsed('w=100&ch=width,dpr').with({ width: '320', dpr: '2' });
    expect(params.number('w')).toBe(320);
    expect(params.number('dpr')).toBe(2);
    expect(params.cacheKey()).toBe(parsed('w=320&dpr=2&ch=dpr,width').cacheKey());
  });

  it('removes parameters set to undefined and skips overrides that do not parse', () => {
    const params = parsed('w=100&q=80').with({ q: undefined, dpr: 'lots', w: '-5' });
    expect(params.has('q')).toBe(false);
    expect(params.has('dpr')).toBe(false);
    expect(params.number('w')).toBe(100);
  });

  it('holds overrides past a clamp as a request value is held (a DPR hint of 8 is dpr=5)', () => {
    const params = parsed('w=100&ch=dpr').with({ dpr: '8' });
    expect(params.number('dpr')).toBe(5);
    expect(params.cacheKey()).toBe(parsed('w=100&ch=dpr&dpr=5').cacheKey());
  });

  it('leaves the original untouched', () => {
    const original = parsed('w=100');
    original.with({ w: '200' });
    expect(original.number('w')).toBe(100);
  });
});
