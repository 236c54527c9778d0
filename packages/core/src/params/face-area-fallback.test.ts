import { describe, expect, it } from 'vitest';
import { parseParams } from './parse.ts';
import type { Params } from './types.ts';

// core compiles without DOM or Node typings; the runtime has URLSearchParams, as callers do.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;

function parsed(query: string): Params {
  const result = parseParams(new URLSearchParams(query));
  if (!result.ok) throw new Error(result.issues.map((issue) => issue.message).join('; '));
  return result.params;
}

function issues(query: string) {
  const result = parseParams(new URLSearchParams(query));
  return result.ok ? [] : result.issues;
}

const REFUSAL = [
  {
    parameter: 'fit',
    message:
      'The value for "fit" must be one of clamp, clip, crop, facearea, fill, fillmax, max, min or scale.',
  },
];

describe('fit=facearea with a fallback mode', () => {
  it('accepts the two lists imgix documents, in the catalogue spelling', () => {
    expect(parsed('fit=facearea,fillmax').strings('fit')).toEqual(['facearea', 'fillmax']);
    expect(parsed('fit=facearea,fill').strings('fit')).toEqual(['facearea', 'fill']);
    expect(parsed('fit=FaceArea, FillMax').strings('fit')).toEqual(['facearea', 'fillmax']);
    expect(parsed('f=facearea,fill').strings('fit')).toEqual(['facearea', 'fill']);
  });

  it('refuses every other list with the message of a single bad mode', () => {
    for (const fit of [
      'facearea,crop',
      'facearea,clip',
      'fillmax,facearea',
      'crop,fill',
      'facearea,facearea',
      'facearea,fillmax,fill',
      'facearea,',
    ]) {
      expect(issues(`fit=${fit}`), fit).toEqual(REFUSAL);
    }
    expect(issues('fit=stretch')).toEqual(REFUSAL);
    expect(issues('fit=facearea')).toEqual([]);
  });

  it("keeps the parameters of the face area and of the fallback's canvas in effect", () => {
    const params = parsed(
      'fit=facearea,fillmax&facepad=2&faceindex=2&fill-max=source&fill=solid&fill-color=red',
    );
    expect(params.names()).toEqual([
      'faceindex',
      'facepad',
      'fill',
      'fill-color',
      'fill-max',
      'fit',
    ]);
    // fill-max sizes a fillmax canvas only: the fit=facearea,fill fallback does not keep it.
    expect(parsed('fit=facearea,fill&fill-max=source').has('fill-max')).toBe(false);
  });

  it('keys the list in its written order, distinct from either mode alone', () => {
    const key = parsed('fit=facearea,fillmax').cacheKey();
    expect(key).toBe('fit=facearea%2Cfillmax');
    expect(key).not.toBe(parsed('fit=facearea').cacheKey());
    expect(key).not.toBe(parsed('fit=fillmax').cacheKey());
    expect(parsed('fit=FACEAREA,fillmax').cacheKey()).toBe(key);
  });
});
