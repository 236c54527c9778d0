import { describe, expect, it } from 'vitest';
import { threeLetterLanguageCode } from './language-codes.ts';
import { parseParams, type ParseParamsOptions } from './parse.ts';
import type { Params } from './types.ts';

// core compiles without DOM or Node typings; the runtime has URLSearchParams, as callers do.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;
declare const Buffer: { from(text: string): { toString(encoding: 'base64'): string } };

/** Delivery's reading: names imgix does not know are ignored. */
const DELIVERY: ParseParamsOptions = { unknownNames: 'ignore' };

function parsed(query: string, options: ParseParamsOptions = {}): Params {
  const result = parseParams(new URLSearchParams(query), options);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.params;
}

function issues(query: string, options: ParseParamsOptions = {}) {
  const result = parseParams(new URLSearchParams(query), options);
  return result.ok ? [] : result.issues;
}

const EN = encodeURIComponent('https://example.com/en.vtt');
const ES = encodeURIComponent('https://example.com/es.srt');

describe('video-subtitle-src and its indexed forms', () => {
  it('reads src[N] and lang[N] as parameters of their own, the bare name being [0]', () => {
    const params = parsed(
      `video-subtitle-src[0]=${EN}&video-subtitle-lang[0]=en&video-subtitle-src[1]=${ES}&video-subtitle-lang[1]=spa`,
    );
    expect(params.names()).toEqual([
      'video-subtitle-lang',
      'video-subtitle-lang[1]',
      'video-subtitle-src',
      'video-subtitle-src[1]',
    ]);
    expect(params.string('video-subtitle-src')).toBe('https://example.com/en.vtt');
    expect(params.string('video-subtitle-src[1]')).toBe('https://example.com/es.srt');
    expect(params.string('video-subtitle-lang[1]')).toBe('es');
    // The bare name and [0] are one parameter: one cache key, the last written winning.
    expect(parsed(`video-subtitle-src=${EN}`).cacheKey()).toBe(
      parsed(`video-subtitle-src[0]=${EN}`).cacheKey(),
    );
    expect(
      parsed(`video-subtitle-src[0]=${ES}&video-subtitle-src=${EN}`).string('video-subtitle-src'),
    ).toBe('https://example.com/en.vtt');
  });

  it('takes the video-caption-src and video-caption-lang aliases, indexed too', () => {
    const params = parsed(`video-caption-src[2]=${EN}&video-caption-lang[2]=fr`);
    expect(params.string('video-subtitle-src[2]')).toBe('https://example.com/en.vtt');
    expect(params.string('video-subtitle-lang[2]')).toBe('fr');
    expect(params.cacheKey()).toBe(
      parsed(`video-subtitle-src[2]=${EN}&video-subtitle-lang[2]=fre`).cacheKey(),
    );
  });

  it('reads the *64 forms as standard Base64 as well as base64url', () => {
    // A URL whose standard Base64 holds both `+` and `/`.
    const url = 'https://example.com/subs?x=>>>&y=???';
    const standard = Buffer.from(url).toString('base64');
    expect(standard).toMatch(/[+/]/);
    const query = `video-subtitle-src64[3]=${encodeURIComponent(standard)}`;
    expect(parsed(query).string('video-subtitle-src[3]')).toBe(url);
    // `+` written bare in a query string reads as a space, which is read back as `+`.
    expect(
      parsed(`video-caption-src64=${standard.replace(/=+$/, '')}`).string('video-subtitle-src'),
    ).toBe(url);
    expect(
      parsed('video-subtitle-src64=aHR0cHM6Ly9leGFtcGxlLmNvbS9zdWJ0aXRsZXMudnR0').string(
        'video-subtitle-src',
      ),
    ).toBe('https://example.com/subtitles.vtt');
  });

  it('refuses an index outside 0-9 with a 400, even where unknown names are ignored', () => {
    for (const written of [
      'video-subtitle-src[10]',
      'video-subtitle-lang[01]',
      'video-caption-src64[12]',
    ]) {
      expect(issues(`${written}=x`, DELIVERY)).toEqual([
        {
          parameter: written,
          message: `"${written}" is not a valid parameter: its index must be a whole number from 0 to 9.`,
        },
      ]);
    }
    // An index on a parameter that takes none is an unknown name: ignored on delivery.
    const ignored = parseParams(new URLSearchParams('w[1]=100&video-subtitle-src[x]=1'), DELIVERY);
    expect(ignored.ok && ignored.ignored).toEqual(['w[1]', 'video-subtitle-src[x]']);
    expect(issues('w[1]=100')).toEqual([
      { parameter: 'w[1]', message: '"w[1]" is not a valid parameter.' },
    ]);
  });

  it('refuses what is no http or https URL, naming the parameter as written', () => {
    expect(issues('video-subtitle-src[1]=ftp://example.com/a.vtt')).toEqual([
      {
        parameter: 'video-subtitle-src[1]',
        message: 'The value for "video-subtitle-src[1]" must be an http or https URL.',
      },
    ]);
  });

  it('keeps a language only with the track it tags, or with transcription', () => {
    expect(parsed('video-subtitle-lang[1]=fr').names()).toEqual([]);
    expect(parsed(`video-subtitle-src=${EN}&video-subtitle-lang[1]=fr`).names()).toEqual([
      'video-subtitle-src',
    ]);
    expect(
      parsed(`video-subtitle-src=${EN}&video-subtitle-lang=fr&video-vtt-lang=fr`).names(),
    ).toEqual(['video-subtitle-lang', 'video-subtitle-src', 'video-vtt-lang']);
    expect(parsed('video-generate-subtitles=true&video-subtitle-lang=fr').names()).toEqual([
      'video-generate-subtitles',
      'video-subtitle-lang',
    ]);
  });
});

describe('the catalogue alias video-generate=vtt', () => {
  it('is video-generate-subtitles=true, and shares its cache key', () => {
    const params = parsed('video-generate=vtt&video-vtt-lang=fr');
    expect(params.string('video-generate-subtitles')).toBe('true');
    expect(params.string('video-vtt-lang')).toBe('fr');
    expect(params.cacheKey()).toBe(
      parsed('video-generate-subtitles=true&video-vtt-lang=fr').cacheKey(),
    );
    expect(parsed('video-generate=VTT').string('video-generate-subtitles')).toBe('true');
    // One parameter: the last written wins.
    expect(
      parsed('video-generate=vtt&video-generate-subtitles=auto').string('video-generate-subtitles'),
    ).toBe('auto');
  });

  it('refuses any other value of video-generate, on delivery too', () => {
    expect(issues('video-generate=mp4', DELIVERY)).toEqual([
      { parameter: 'video-generate', message: 'The value for "video-generate" must be vtt.' },
    ]);
    expect(issues('video-generate=mp4&video-generate-subtitles=on')).toEqual([]);
  });
});

describe('burn-in caption parameters (video-caption-*)', () => {
  const burn = `video-subtitle-src=${EN}&video-caption-style=karaoke`;

  it('reads colours alpha last, sizes in pixels or as a share of the height', () => {
    const params = parsed(
      `${burn}&video-caption-color=FF000080&video-caption-highlight-color=00ff00&video-caption-size=0.08&video-caption-stay=true`,
    );
    expect(params.color('video-caption-color')).toEqual({ r: 255, g: 0, b: 0, alpha: 128 / 255 });
    expect(params.color('video-caption-highlight-color')).toEqual({ r: 0, g: 255, b: 0, alpha: 1 });
    expect(params.get('video-caption-size')).toEqual({ type: 'unit_scalar', value: 0.08 });
    expect(parsed(`${burn}&video-caption-size=36`).get('video-caption-size')).toEqual({
      type: 'integer',
      value: 36,
    });
    expect(params.boolean('video-caption-stay')).toBe(true);
    expect(parsed(burn).getOrDefault('video-caption-embed')).toEqual({
      type: 'boolean',
      value: true,
    });
  });

  it('takes the fonts txt-font takes, and an alignment pair', () => {
    const params = parsed(
      `${burn}&video-caption-font=serif,bold&video-caption-align=top,left&video-caption-margin-x=30&video-caption-margin-y=12`,
    );
    expect(params.string('video-caption-font')).toBe('serif,bold');
    expect(params.strings('video-caption-align')).toEqual(['top', 'left']);
    expect(params.number('video-caption-margin-x')).toBe(30);
    for (const bad of [
      'video-caption-font=NoSuchFace',
      'video-caption-align=top,left,right',
      'video-caption-style=bounce',
      'video-caption-size=-3',
      'video-caption-color=red',
    ]) {
      expect(issues(`${burn}&${bad}`), bad).toHaveLength(1);
    }
  });

  it('has no effect without video-caption-style, nor the style without a track', () => {
    expect(parsed(`video-subtitle-src=${EN}&video-caption-color=FF0000`).names()).toEqual([
      'video-subtitle-src',
    ]);
    expect(parsed('video-caption-style=plain&video-caption-size=20').names()).toEqual([]);
    expect(parsed('video-generate-subtitles=true&video-caption-style=plain').names()).toEqual([
      'video-caption-style',
      'video-generate-subtitles',
    ]);
  });
});

describe('threeLetterLanguageCode', () => {
  it('answers the ISO 639-2 terminology code containers tag streams with', () => {
    expect(threeLetterLanguageCode('fr')).toBe('fra');
    expect(threeLetterLanguageCode('de')).toBe('deu');
    expect(threeLetterLanguageCode('de', 'bibliographic')).toBe('ger');
    expect(threeLetterLanguageCode('en', 'bibliographic')).toBe('eng');
    expect(threeLetterLanguageCode('haw')).toBe('haw');
    expect(threeLetterLanguageCode('xx')).toBeUndefined();
  });
});
