import { describe, expect, it } from 'vitest';
import { jsonBodyRefusal, MAX_JSON_DEPTH, unstorableTextDetail } from './request-input.ts';

function refusalOf(json: string) {
  return jsonBodyRefusal(JSON.parse(json))?.errors[0];
}

describe('unstorableTextDetail', () => {
  it('says to remove a NUL character or a surrogate without its other half', () => {
    expect(unstorableTextDetail('a\u0000b', 'this value')).toBe(
      'Remove the NUL character (U+0000) from this value: text cannot hold it.',
    );
    expect(unstorableTextDetail('a\ud83d', 'this value')).toMatch(
      /^Remove the unpaired UTF-16 surrogate \(U\+D83D\) from this value/,
    );
    expect(unstorableTextDetail('\ude00a', 'this value')).toMatch(/\(U\+DE00\)/);
  });

  it('lets any character through, emoji written as surrogate pairs included', () => {
    expect(unstorableTextDetail('Café 東京 😀 \u0001 \uffff', 'this value')).toBeNull();
  });
});

describe('jsonBodyRefusal', () => {
  it('points a 422 at the value or member name holding a NUL character', () => {
    expect(refusalOf('{"data":{"attributes":{"name":"a\\u0000"}}}')).toMatchObject({
      status: '422',
      code: 'validation_failed',
      source: { pointer: '/data/attributes/name' },
    });
    expect(refusalOf('{"data":{"attributes":{"tags":["ok","\\ud800"]}}}')?.source).toEqual({
      pointer: '/data/attributes/tags/1',
    });
    expect(refusalOf('{"data":{"a/b~c\\u0000":1}}')).toMatchObject({
      detail: 'Remove the NUL character (U+0000) from this member name: text cannot hold it.',
      source: { pointer: '/data/a~1b~0c\u0000' },
    });
  });

  it('refuses members that reach a prototype, as secure-json-parse does', () => {
    expect(refusalOf('{"data":{"__proto__":{"admin":true}}}')).toMatchObject({
      status: '400',
      code: 'bad_request',
      source: { pointer: '/data/__proto__' },
    });
    expect(refusalOf('{"a":{"constructor":{"prototype":{}}}}')?.source).toEqual({
      pointer: '/a/constructor',
    });
    expect(refusalOf('{"constructor":"a name like any other"}')).toBeUndefined();
  });

  it('refuses a number JSON reads as infinity', () => {
    expect(refusalOf('{"n":[1,-1e400]}')).toMatchObject({ source: { pointer: '/n/1' } });
  });

  it('refuses nesting past the limit without overflowing the stack, however deep', () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    expect(refusalOf(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(refusalOf(nested(MAX_JSON_DEPTH + 1))).toMatchObject({ code: 'bad_request' });
    expect(refusalOf(nested(200_000))?.detail).toBe(
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels; no document of this API does.`,
    );
  });
});
