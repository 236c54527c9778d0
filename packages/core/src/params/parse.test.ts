import { describe, expect, it } from 'vitest';
import { parseParams } from './parse.ts';
import type { Params } from './types.ts';

// core compiles without DOM or Node typings; the runtime has URLSearchParams, as callers do.
declare const URLSearchParams: new (query: string) => Iterable<[string, string]>;

function parsed(query: string, defaults?: Record<string, string>): Params {
  const result = parseParams(new URLSearchParams(query), { defaults });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.params;
}

function issues(query: string, defaults?: Record<string, string>) {
  const result = parseParams(new URLSearchParams(query), { defaults });
  return result.ok ? [] : result.issues;
}

const key = (query: string, defaults?: Record<string, string>) =>
  parsed(query, defaults).cacheKey();

describe('parseParams names', () => {
  it('resolves long names and per-parameter aliases to canonical names', () => {
    const params = parsed('width=100&height=0.5&txtclr=red&txt=hi&ba=top');
    expect(params.names()).toEqual(['h', 'txt', 'txt-color', 'w']);
    expect(params.number('w')).toBe(100);
    expect(params.number('width')).toBe(100);
    expect(params.color('txt-color')).toEqual({ r: 255, g: 0, b: 0, alpha: 1 });
  });

  it('lets the last of duplicate parameters win, aliases included', () => {
    expect(parsed('w=100&width=200').number('w')).toBe(200);
    expect(parsed('w=abc&w=300').number('w')).toBe(300);
  });

  it('accepts and ignores ixlib and s', () => {
    const params = parsed('w=10&ixlib=js-3.8.0&s=0123456789abcdef');
    expect(params.names()).toEqual(['w']);
  });

  it('accepts an iterable of pairs as well as URLSearchParams', () => {
    const result = parseParams([['w', '40']]);
    expect(result.ok && result.params.number('w')).toBe(40);
  });
});

describe('parseParams messages (editor spec section 5)', () => {
  it('refuses unknown parameters', () => {
    expect(issues('foo=1')).toEqual([
      { parameter: 'foo', message: '"foo" is not a valid parameter.' },
    ]);
  });

  it('refuses deprecated parameters', () => {
    expect(issues('txt-lig=1')).toEqual([
      { parameter: 'txt-lig', message: 'The "txt-lig" parameter is deprecated.' },
    ]);
  });

  it('finishes the bad-value sentence with what is accepted', () => {
    expect(issues('w=-9000')).toEqual([
      {
        parameter: 'w',
        message: 'The value for "w" must be an integer of at least 2, or a number between 0 and 1.',
      },
    ]);
    expect(issues('fit=stretch')).toEqual([
      {
        parameter: 'fit',
        message:
          'The value for "fit" must be one of clamp, clip, crop, facearea, fill, fillmax, max, min or scale.',
      },
    ]);
  });

  it('bounds the text outline width, which the catalogue leaves open above', () => {
    expect(issues('txt=W&txt-line=100')).toEqual([]);
    expect(issues('txt=W&txt-line=400')).toEqual([
      {
        parameter: 'txt-line',
        message: 'The value for "txt-line" must be an integer between 0 and 100.',
      },
    ]);
  });

  it('names the parameter as the request wrote it', () => {
    expect(issues('width=0.5.5')).toEqual([
      {
        parameter: 'width',
        message:
          'The value for "width" must be an integer of at least 2, or a number between 0 and 1.',
      },
    ]);
  });

  it('collects every issue, not just the first', () => {
    expect(issues('foo=1&w=-3&q=x&txt64=*').map((issue) => issue.parameter)).toEqual([
      'foo',
      'w',
      'q',
      'txt64',
    ]);
  });
});

describe('parseParams *64 variants', () => {
  // "Hello, world" in base64url without padding, as @imgix/js-core writes it.
  it('decodes unpadded and padded base64url', () => {
    expect(parsed('txt64=SGVsbG8sIHdvcmxk').string('txt')).toBe('Hello, world');
    expect(parsed('txt64=SGk').string('txt')).toBe('Hi');
    expect(parsed('txt64=SGk=').string('txt')).toBe('Hi');
    expect(parsed('txt64=SGk').raw('txt')).toBe('Hi');
  });

  it('decodes UTF-8 text and the url-safe characters', () => {
    // "Grüße ☃" and "??>" (whose base64url uses - and _).
    expect(parsed('txt64=R3LDvMOfZSDimIM').string('txt')).toBe('Grüße ☃');
    expect(parsed('txt64=Pz8-').string('txt')).toBe('??>');
    expect(parsed('txt64=Pz8_').string('txt')).toBe('???');
  });

  it('decodes aliases and then checks the decoded value', () => {
    // "https://example.com/logo.png"
    const mark = 'aHR0cHM6Ly9leGFtcGxlLmNvbS9sb2dvLnBuZw';
    expect(parsed(`m64=${mark}`).string('mark')).toBe('https://example.com/logo.png');
    // "purple-ish"
    expect(issues('bg64=cHVycGxlLWlzaA')).toEqual([
      {
        parameter: 'bg64',
        message:
          'The value for "bg64" must be a hex color (RGB, ARGB, RRGGBB or AARRGGBB), or a color keyword such as red.',
      },
    ]);
  });

  it('has no *64 form for parameters that disallow base64', () => {
    expect(issues('auto64=Zm9ybWF0&ch64=d2lkdGg')).toEqual([
      { parameter: 'auto64', message: '"auto64" is not a valid parameter.' },
      { parameter: 'ch64', message: '"ch64" is not a valid parameter.' },
    ]);
  });

  it('refuses a wrong length, bad characters and non-UTF-8 bytes', () => {
    expect(issues('txt64=SGVsb')).toEqual([
      {
        parameter: 'txt64',
        message:
          'The value for "txt64" must be Base64 of a valid length; 5 characters cannot be base64url.',
      },
    ]);
    expect(issues('txt64=SGk==')).toMatchObject([
      { message: expect.stringContaining('valid length') },
    ]);
    expect(issues('txt64=SG%2Bk')).toEqual([
      {
        parameter: 'txt64',
        message: 'The value for "txt64" must be Base64 (base64url: letters, digits, - and _).',
      },
    ]);
    expect(issues('txt64=_w')).toEqual([
      { parameter: 'txt64', message: 'The value for "txt64" must be Base64 of UTF-8 text.' },
    ]);
  });
});

describe('parseParams depends', () => {
  it('leaves out a parameter whose dependency is absent, without an error', () => {
    const params = parsed('fill-color=red&w=10');
    expect(params.has('fill-color')).toBe(false);
    expect(params.names()).toEqual(['w']);
    expect(params.cacheKey()).toBe(key('w=10'));
  });

  it('keeps it when the dependency holds', () => {
    expect(parsed('fit=fill&fill=solid&fill-color=red').has('fill-color')).toBe(true);
    expect(parsed('txt=hi&txt-font=serif').string('txt-font')).toBe('serif');
    expect(parsed('txt-font=serif').has('txt-font')).toBe(false);
  });

  it('needs every named parameter and one of the values for each', () => {
    expect(parsed('fp-x=0.2&fit=crop').has('fp-x')).toBe(false);
    expect(parsed('fp-x=0.2&fit=crop&crop=focalpoint').number('fp-x')).toBe(0.2);
    expect(parsed('fp-x=0.2&fit=crop&crop=top,focalpoint').has('fp-x')).toBe(true);
  });

  it('drops in cascade when a dependency is itself dropped', () => {
    expect(parsed('crop=focalpoint&fp-x=0.2').names()).toEqual([]);
  });

  it('follows the imgix documentation where the catalogue is wrong', () => {
    expect(parsed('ar=16:9&fit=fill').has('ar')).toBe(true);
    expect(parsed('ar=16:9&fit=clip').has('ar')).toBe(false);
    const gradient = 'fit=fill&fill=gradient&fill-gradient-linear-direction=left,right';
    expect(parsed(gradient).has('fill-gradient-linear-direction')).toBe(true);
    expect(parsed('mark=/a.png&mark-w=20&mark-fit=crop').has('mark-fit')).toBe(true);
    expect(parsed('mark=/a.png&mark-fit=crop').has('mark-fit')).toBe(false);
    expect(parsed('fit=fill&fill=generative&fill-gen-seed=4').has('fill-gen-seed')).toBe(true);
  });

  it('keeps the mode and alpha of a colour blend given by blend-color alone', () => {
    const params = parsed('blend-color=f00&blend-mode=multiply&blend-alpha=50');
    expect(params.string('blend-mode')).toBe('multiply');
    expect(params.number('blend-alpha')).toBe(50);
    expect(parsed('blend-mode=multiply').has('blend-mode')).toBe(false);
  });

  it('leaves dependencies on fm to the encoder', () => {
    expect(parsed('q=40').number('q')).toBe(40);
    expect(parsed('lossless=1').boolean('lossless')).toBe(true);
  });
});

describe('parseParams defaults', () => {
  it('puts the source defaults beneath the request', () => {
    const params = parsed('w=200', { w: '100', q: '60', width: '50' });
    expect(params.number('w')).toBe(200);
    expect(params.number('q')).toBe(60);
  });

  it('combines the auto lists without duplicates', () => {
    const params = parsed('auto=format,enhance', { auto: 'compress,format' });
    expect(params.strings('auto')).toEqual(['compress', 'format', 'enhance']);
    expect(params.raw('auto')).toBe('compress,format,enhance');
  });

  it('reports bad defaults with the same messages', () => {
    expect(issues('w=10', { nope: '1', q: 'high' })).toEqual([
      { parameter: 'nope', message: '"nope" is not a valid parameter.' },
      { parameter: 'q', message: 'The value for "q" must be an integer.' },
    ]);
  });

  it('checks dependencies after merging', () => {
    expect(parsed('fill-color=red', { fit: 'fill', fill: 'solid' }).has('fill-color')).toBe(true);
  });
});

describe('parseParams unknown names on delivery (unknownNames: ignore)', () => {
  const onDelivery = (query: string, defaults?: Record<string, string>) =>
    parseParams(new URLSearchParams(query), { defaults, unknownNames: 'ignore' });

  it('renders as if the names imgix does not know were absent, and names them', () => {
    const result = onDelivery('w=100&v=1700000000&utm_source=x&utm_medium=y&ixid=M3w0fDF8');
    expect(result.ok && result.ignored).toEqual(['v', 'utm_source', 'utm_medium', 'ixid']);
    expect(result.ok && result.params.cacheKey()).toBe(key('w=100'));
  });

  it('keeps one cache key whatever the ignored values are', () => {
    const first = onDelivery('w=100&v=1');
    const second = onDelivery('v=2&w=100');
    expect(first.ok && second.ok && first.params.cacheKey() === second.params.cacheKey()).toBe(
      true,
    );
  });

  it('lists each ignored name once, in query order, as written', () => {
    const result = onDelivery('zz=1&yy=1&zz=2&txt-lig=1&auto64=Zm9ybWF0&ixlib=js-3&s=00');
    // Deprecated names and *64 forms imgix does not take are names it does not know either;
    // ixlib and s are known, and not ignored.
    expect(result.ok && result.ignored).toEqual(['zz', 'yy', 'txt-lig', 'auto64']);
  });

  it('still refuses invalid values of known names with their messages', () => {
    const result = onDelivery('v=1&w=abc&txt64=*');
    expect(result.ok ? [] : result.issues.map((issue) => issue.parameter)).toEqual(['w', 'txt64']);
  });

  it('reports nothing ignored without unknown names, and refuses them by default', () => {
    expect(onDelivery('w=10')).toMatchObject({ ok: true, ignored: [] });
    expect(parseParams(new URLSearchParams('w=10'))).toMatchObject({ ok: true, ignored: [] });
    expect(issues('v=1')).toEqual([{ parameter: 'v', message: '"v" is not a valid parameter.' }]);
  });

  it('ignores unknown names of the defaults without listing them', () => {
    const result = onDelivery('w=10', { legacy: '1', q: '50' });
    expect(result.ok && result.ignored).toEqual([]);
    expect(result.ok && result.params.names()).toEqual(['q', 'w']);
  });
});

const messageOf = (query: string) => issues(query).map((issue) => issue.message);

describe('object-removal-rect boxes', () => {
  it('takes one box or several joined by semicolons, each a list of four integers', () => {
    const boxes = parsed('object-removal-rect=10,20,30,40;1,2,3,4').list('object-removal-rect');
    expect(boxes).toEqual([
      {
        type: 'list',
        value: [10, 20, 30, 40].map((value) => ({ type: 'integer', value })),
      },
      { type: 'list', value: [1, 2, 3, 4].map((value) => ({ type: 'integer', value })) },
    ]);
    expect(parsed('object-removal-rect=0,0,5,5').list('object-removal-rect')).toHaveLength(1);
  });

  it('refuses a malformed box and too many boxes', () => {
    expect(messageOf('object-removal-rect=10,20,30')[0]).toMatch(
      /^The value for "object-removal-rect" must be .*joined by ";"/,
    );
    expect(messageOf('object-removal-rect=10,20,0,5')).toHaveLength(1);
    const seventeen = Array.from({ length: 17 }, () => '1,1,1,1').join(';');
    expect(messageOf(`object-removal-rect=${seventeen}`)[0]).toMatch(/at most 16 boxes/);
  });
});

describe('waveform colours (video-wave-color, video-wave-bg-color)', () => {
  it('keys values apart that draw apart: RRGGBBAA is not AARRGGBB', () => {
    // Read alpha first, opaque red ff0000ff would be the opaque blue 0000ff.
    expect(key('video-wave=true&video-wave-color=ff0000ff')).not.toBe(
      key('video-wave=true&video-wave-color=0000ff'),
    );
    expect(key('video-wave=true&video-wave-color=ff0000ff')).toBe(
      key('video-wave=true&video-wave-color=%23F00'),
    );
  });

  it('keys pipe-separated channel colours by their colours, in channel order', () => {
    const wave = 'video-wave=true&video-wave-split=true&video-wave-color=';
    expect(key(`${wave}FF6B9D|00E5FF`)).toBe(key(`${wave}%23ff6b9dff|%2300E5FF`));
    expect(key(`${wave}FF6B9D|00E5FF`)).toBe(key(`${wave}FF6B9D%7C00E5FF`));
    expect(key(`${wave}FF6B9D|00E5FF`)).not.toBe(key(`${wave}00E5FF|FF6B9D`));
    // One colour is no list of one: without video-wave-split it is drawn downmixed to mono.
    expect(key(`${wave}FF6B9D|FF6B9D`)).not.toBe(key(`${wave}FF6B9D`));
    expect(key(`${wave}FF6B9D|00E5FF`)).toContain(
      `video-wave-color=${encodeURIComponent('ffff6b9d|ff00e5ff')}`,
    );
  });

  it('refuses a bad channel colour with a 400 message naming video-wave-color', () => {
    expect(issues('video-wave=true&video-wave-color=FF6B9D|nope')).toEqual([
      {
        parameter: 'video-wave-color',
        message: expect.stringMatching(
          /^The value for "video-wave-color" must be a hex color .*, or a pipe-separated list of 2 to 8 members/,
        ),
      },
    ]);
  });

  it("defaults the box's background to transparent white (FFFFFF00)", () => {
    expect(parsed('video-wave=true').getOrDefault('video-wave-bg-color')).toEqual({
      type: 'color',
      value: { r: 255, g: 255, b: 255, alpha: 0 },
    });
  });
});

describe('subtitle languages (video-subtitle-lang, video-subtitle-translations, video-vtt-lang)', () => {
  const subtitles = 'video-generate-subtitles=true';

  it('reads ISO 639-1 and ISO 639-2 codes as their shortest form, so equal requests share a key', () => {
    const params = parsed(`${subtitles}&video-subtitle-lang=SPA&video-vtt-lang=ger`);
    expect(params.string('video-subtitle-lang')).toBe('es');
    expect(params.string('video-vtt-lang')).toBe('de');
    expect(
      parsed(`${subtitles}&video-subtitle-translations=fre,deu,haw`).strings(
        'video-subtitle-translations',
      ),
    ).toEqual(['fr', 'de', 'haw']);
    expect(parsed(`${subtitles}&video-vtt-lang=fra`).cacheKey()).toBe(
      parsed(`${subtitles}&video-vtt-lang=fr`).cacheKey(),
    );
  });

  it('refuses what is no language code, in the words of editor spec section 5', () => {
    expect(issues(`${subtitles}&video-vtt-lang=french`)).toEqual([
      {
        parameter: 'video-vtt-lang',
        message:
          'The value for "video-vtt-lang" must be an ISO 639-1 or ISO 639-2 language code such as en, fr or deu.',
      },
    ]);
    // `und` and `zxx` are ISO 639-2 codes, but no language to transcribe or translate into.
    for (const value of ['xx', 'und', 'fr-CA', '']) {
      expect(issues(`${subtitles}&video-subtitle-lang=${value}`)).toHaveLength(1);
    }
    expect(issues(`${subtitles}&video-subtitle-translations=fr,klingon`)).toEqual([
      {
        parameter: 'video-subtitle-translations',
        message:
          'The value for "video-subtitle-translations" must be a comma-separated list of at most 10 members, each an ISO 639-1 or ISO 639-2 language code such as en, fr or deu.',
      },
    ]);
    const eleven = 'fr,de,es,it,pt,nl,sv,da,fi,pl,cs';
    expect(issues(`${subtitles}&video-subtitle-translations=${eleven}`)).toHaveLength(1);
  });

  it('leaves the three out without video-generate-subtitles, which they depend on', () => {
    const params = parsed(
      'video-subtitle-translations=fr&video-vtt-lang=fr&video-subtitle-lang=en',
    );
    expect(params.names()).toEqual([]);
  });
});
