import { describe, expect, it } from 'vitest';
import { HELD_OUTPUT_SIDE, expectationsOf } from './catalogue.ts';
import { parseValue } from './values.ts';

const parse = (name: string, text: string) => parseValue(text, expectationsOf(name));
const valueOf = (name: string, text: string) => {
  const result = parse(name, text);
  return result.ok ? result.value : result.expected;
};

describe('integer and unit_scalar alternatives (w)', () => {
  it('accepts integers at both ends of the strict range', () => {
    expect(valueOf('w', '2')).toEqual({ type: 'integer', value: 2 });
    expect(valueOf('w', '8192')).toEqual({ type: 'integer', value: 8192 });
  });

  it('reads 100.0 as the integer 100', () => {
    expect(valueOf('w', '100.0')).toEqual({ type: 'integer', value: 100 });
  });

  it('falls back to a fraction of the source when the integer range refuses the value', () => {
    expect(valueOf('w', '1')).toEqual({ type: 'unit_scalar', value: 1 });
    expect(valueOf('w', '0.5')).toEqual({ type: 'unit_scalar', value: 0.5 });
    expect(valueOf('w', '0')).toEqual({ type: 'unit_scalar', value: 0 });
  });

  it('refuses values outside both forms', () => {
    for (const text of [
      '1.5',
      '-1',
      'abc',
      '',
      '1e3',
      '100.5',
      'NaN',
      'Infinity',
      '-9'.repeat(400),
    ]) {
      expect(parse('w', text)).toEqual({
        ok: false,
        expected: 'an integer of at least 2, or a number between 0 and 1',
      });
    }
  });

  it('takes sides past 8192, which the render sizes down, holding huge ones before arithmetic', () => {
    // docs.imgix.com/apis/rendering/size/image-width: outputs are sized down to 8192x8192.
    expect(valueOf('w', '8193')).toEqual({ type: 'integer', value: 8193 });
    expect(valueOf('h', '20000')).toEqual({ type: 'integer', value: 20000 });
    expect(valueOf('w', String(HELD_OUTPUT_SIDE))).toEqual({
      type: 'integer',
      value: HELD_OUTPUT_SIDE,
    });
    for (const huge of ['1000000000000', '9007199254740993', '9'.repeat(400), '99999999999px']) {
      expect(valueOf('w', huge)).toEqual({ type: 'integer', value: HELD_OUTPUT_SIDE });
    }
    expect(parse('h', '20000.5').ok).toBe(false);
  });

  it('sizes min-w, max-w, min-h and max-h down like w and h', () => {
    for (const name of ['min-w', 'max-w', 'min-h', 'max-h']) {
      expect(valueOf(name, '9000')).toEqual({ type: 'integer', value: 9000 });
      expect(valueOf(name, '1'.repeat(30))).toEqual({ type: 'integer', value: HELD_OUTPUT_SIDE });
      expect(parse(name, '0')).toEqual({ ok: false, expected: 'an integer of at least 1' });
    }
  });

  it('accepts 10% as a fraction and 100px as pixels', () => {
    expect(valueOf('w', '10%')).toEqual({ type: 'unit_scalar', value: 0.1 });
    expect(valueOf('w', '100px')).toEqual({ type: 'integer', value: 100 });
    expect(parse('w', '150%').ok).toBe(false);
    expect(parse('w', '1px').ok).toBe(false);
    expect(parse('w', '10.5%').ok).toBe(false);
  });
});

describe('numbers', () => {
  it('checks the strict range of dpr but not its suggested range', () => {
    expect(valueOf('dpr', '0')).toEqual({ type: 'number', value: 0 });
    expect(valueOf('dpr', '5')).toEqual({ type: 'number', value: 5 });
    expect(valueOf('dpr', '0.5')).toEqual({ type: 'number', value: 0.5 });
    expect(parse('dpr', '-0.5')).toEqual({ ok: false, expected: 'a number of at least 0' });
  });

  it('holds dpr above 5 at 5, the maximum imgix documents', () => {
    for (const text of ['5.01', '6', '1000000', '9'.repeat(400)]) {
      expect(valueOf('dpr', text)).toEqual({ type: 'number', value: 5 });
    }
    for (const text of ['NaN', 'Infinity', 'abc', '-1']) {
      expect(parse('dpr', text)).toEqual({ ok: false, expected: 'a number of at least 0' });
    }
  });

  it('accepts negative and fractional numbers where no strict range is given', () => {
    expect(valueOf('rot', '-12.5')).toEqual({ type: 'number', value: -12.5 });
    expect(valueOf('bri', '-100')).toEqual({ type: 'integer', value: -100 });
    expect(parse('bri', '1.5')).toEqual({ ok: false, expected: 'an integer' });
  });

  it('describes a minimum-only range', () => {
    expect(parse('fp-z', '0.5')).toEqual({ ok: false, expected: 'a number between 1 and 100' });
    expect(parse('skip', '0')).toEqual({ ok: false, expected: 'an integer of at least 1' });
  });

  it('keeps unit scalars between 0 and 1', () => {
    expect(valueOf('fp-x', '0')).toEqual({ type: 'unit_scalar', value: 0 });
    expect(valueOf('fp-x', '1')).toEqual({ type: 'unit_scalar', value: 1 });
    expect(parse('fp-x', '1.01')).toEqual({ ok: false, expected: 'a number between 0 and 1' });
  });

  it('accepts integers from an enumeration only', () => {
    expect(valueOf('chromasub', '444')).toEqual({ type: 'integer', value: 444 });
    expect(parse('chromasub', '400')).toEqual({ ok: false, expected: 'one of 444, 422 or 420' });
    expect(valueOf('orient', '90')).toEqual({ type: 'integer', value: 90 });
  });

  it('reads unix timestamps in whole seconds', () => {
    expect(valueOf('expires', '1700000000')).toEqual({ type: 'timestamp', value: 1700000000 });
    expect(parse('expires', '1700000000.5')).toEqual({
      ok: false,
      expected: 'a Unix timestamp in seconds',
    });
  });
});

describe('booleans and strings', () => {
  it('accepts 0, 1, true and false', () => {
    expect(valueOf('invert', '1')).toEqual({ type: 'boolean', value: true });
    expect(valueOf('invert', 'true')).toEqual({ type: 'boolean', value: true });
    expect(valueOf('invert', '0')).toEqual({ type: 'boolean', value: false });
    expect(valueOf('invert', 'false')).toEqual({ type: 'boolean', value: false });
    expect(parse('invert', 'yes')).toEqual({ ok: false, expected: '0, 1, true or false' });
  });

  it('matches enumerated strings case-insensitively, in the catalogue spelling', () => {
    expect(valueOf('fit', 'CROP')).toEqual({ type: 'string', value: 'crop' });
    expect(parse('fit', 'stretch')).toEqual({
      ok: false,
      expected: 'one of clamp, clip, crop, facearea, fill, fillmax, max, min or scale',
    });
  });

  it('takes free text as given, empty included', () => {
    expect(valueOf('txt', 'Hello, world')).toEqual({ type: 'string', value: 'Hello, world' });
    expect(valueOf('txt', '')).toEqual({ type: 'string', value: '' });
  });
});

describe('colours', () => {
  it('reads the four imgix hex forms, alpha first', () => {
    expect(valueOf('bg', 'f00')).toEqual({
      type: 'color',
      value: { r: 255, g: 0, b: 0, alpha: 1 },
    });
    expect(valueOf('bg', '#80ff0000')).toEqual({
      type: 'color',
      value: { r: 255, g: 0, b: 0, alpha: 128 / 255 },
    });
    expect(valueOf('bg', '0f00')).toEqual({
      type: 'color',
      value: { r: 255, g: 0, b: 0, alpha: 0 },
    });
    expect(valueOf('bg', '00FF00')).toEqual({
      type: 'color',
      value: { r: 0, g: 255, b: 0, alpha: 1 },
    });
  });

  it('reads CSS keywords', () => {
    expect(valueOf('bg', 'rebeccapurple')).toEqual({
      type: 'color',
      value: { r: 0x66, g: 0x33, b: 0x99, alpha: 1 },
    });
    expect(valueOf('txt-color', 'White')).toEqual({
      type: 'color',
      value: { r: 255, g: 255, b: 255, alpha: 1 },
    });
  });

  it("reads the waveform's colours alpha last, as imgix documents them", () => {
    expect(valueOf('video-wave-color', 'ff8000')).toEqual({
      type: 'color',
      value: { r: 255, g: 128, b: 0, alpha: 1 },
    });
    expect(valueOf('video-wave-bg-color', 'FFFFFF00')).toEqual({
      type: 'color',
      value: { r: 255, g: 255, b: 255, alpha: 0 },
    });
    expect(valueOf('video-wave-color', '#0000ff80')).toEqual({
      type: 'color',
      value: { r: 0, g: 0, b: 255, alpha: 128 / 255 },
    });
    expect(valueOf('video-wave-color', 'f008')).toEqual({
      type: 'color',
      value: { r: 255, g: 0, b: 0, alpha: 0x88 / 255 },
    });
    expect(parse('video-wave-bg-color', 'red')).toEqual({
      ok: false,
      expected: 'a hex color (RGB, RGBA, RRGGBB or RRGGBBAA)',
    });
  });

  it('reads pipe-separated waveform colours as one per audio channel, in channel order', () => {
    // docs.imgix.com/apis/video/audio-waveforms/video-wave-split: "video-wave-color=FF6B9D|00E5FF
    // for pink left and cyan right channels".
    expect(valueOf('video-wave-color', 'FF6B9D|00E5FF')).toEqual({
      type: 'list',
      value: [
        { type: 'color', value: { r: 0xff, g: 0x6b, b: 0x9d, alpha: 1 } },
        { type: 'color', value: { r: 0x00, g: 0xe5, b: 0xff, alpha: 1 } },
      ],
    });
    // Each member alpha last, with or without its own #.
    expect(valueOf('video-wave-color', '#ff000080|00ff00|#00f')).toEqual({
      type: 'list',
      value: [
        { type: 'color', value: { r: 255, g: 0, b: 0, alpha: 128 / 255 } },
        { type: 'color', value: { r: 0, g: 255, b: 0, alpha: 1 } },
        { type: 'color', value: { r: 0, g: 0, b: 255, alpha: 1 } },
      ],
    });
    expect(parse('video-wave-color', Array.from({ length: 8 }, () => 'fff').join('|')).ok).toBe(
      true,
    );
  });

  it('refuses a waveform colour list with a bad member, no member, or more than 8', () => {
    const expected =
      'a hex color (RGB, RGBA, RRGGBB or RRGGBBAA), or a pipe-separated list of 2 to 8 members, ' +
      'each a hex color (RGB, RGBA, RRGGBB or RRGGBBAA)';
    for (const text of [
      'red',
      'FF6B9D|red',
      'FF6B9D|',
      '|FF6B9D',
      'FF6B9D,00E5FF',
      Array.from({ length: 9 }, () => 'fff').join('|'),
    ]) {
      expect(parse('video-wave-color', text)).toEqual({ ok: false, expected });
    }
    // The box has one background: no list there.
    expect(parse('video-wave-bg-color', 'FF6B9D|00E5FF').ok).toBe(false);
  });

  it('refuses other lengths and unknown names', () => {
    // Names an object inherits are no keywords.
    const inherited = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];
    for (const text of ['ff', 'fffff', 'fffffffff', 'gggggg', 'reddish', ...inherited]) {
      expect(parse('bg', text)).toEqual({
        ok: false,
        expected: 'a hex color (RGB, ARGB, RRGGBB or AARRGGBB), or a color keyword such as red',
      });
    }
  });
});

describe('ratios', () => {
  it('reads W:H with decimals', () => {
    expect(valueOf('ar', '16:9')).toEqual({ type: 'ratio', value: { width: 16, height: 9 } });
    expect(valueOf('ar', '1.5:1')).toEqual({ type: 'ratio', value: { width: 1.5, height: 1 } });
  });

  it('refuses zero sides and other shapes', () => {
    for (const text of ['0:1', '16', '16:9:1', '16/9', 'a:b', '-1:2']) {
      expect(parse('ar', text).ok).toBe(false);
    }
  });
});

describe('lists', () => {
  it('checks members against possible values', () => {
    expect(valueOf('auto', 'format, compress')).toEqual({
      type: 'list',
      value: [
        { type: 'string', value: 'format' },
        { type: 'string', value: 'compress' },
      ],
    });
    expect(parse('auto', 'format,fast')).toEqual({
      ok: false,
      expected: 'a comma-separated list of enhance, format, redeye, compress or true',
    });
    expect(parse('auto', '').ok).toBe(false);
  });

  it('reads rect positions with integers, keywords, fractions and full', () => {
    expect(valueOf('rect', 'center,0.25,0.5,full')).toEqual({
      type: 'list',
      value: [
        { type: 'string', value: 'center' },
        { type: 'unit_scalar', value: 0.25 },
        { type: 'unit_scalar', value: 0.5 },
        { type: 'string', value: 'full' },
      ],
    });
    expect(valueOf('rect', '0,10,100,50')).toEqual({
      type: 'list',
      value: [0, 10, 100, 50].map((value) => ({ type: 'integer', value })),
    });
  });

  it('names the rect member that is wrong', () => {
    expect(parse('rect', '0,top,-5,50')).toEqual({
      ok: false,
      expected:
        '4 comma-separated values whose 3rd is an integer of at least 1, a number between 0 and 1, or full',
    });
    expect(parse('rect', 'top,0,10,10')).toMatchObject({
      ok: false,
      expected: expect.stringContaining('whose 1st is an integer of at least 0, one of left'),
    });
  });

  it('checks the length of positional lists', () => {
    expect(parse('rect', '0,0,10')).toMatchObject({
      ok: false,
      expected: expect.stringMatching(/^4 comma-separated values \(1st: /),
    });
    expect(valueOf('duotone', 'red,00f')).toMatchObject({ type: 'list' });
    expect(parse('duotone', 'red').ok).toBe(false);
    expect(parse('duotone', 'red,blue,green').ok).toBe(false);
  });

  it('accepts a single radius or four', () => {
    expect(valueOf('border-radius', '10')).toEqual({ type: 'integer', value: 10 });
    expect(valueOf('border-radius', '1,2,3,4')).toMatchObject({ type: 'list' });
    expect(parse('border-radius', '1,2')).toEqual({
      ok: false,
      expected:
        'an integer of at least 0, or 4 comma-separated values, each an integer of at least 0',
    });
  });

  it('reads border as width then colour', () => {
    expect(valueOf('border', '3,ff0000')).toEqual({
      type: 'list',
      value: [
        { type: 'integer', value: 3 },
        { type: 'color', value: { r: 255, g: 0, b: 0, alpha: 1 } },
      ],
    });
  });
});

describe('urls, paths, fonts and intervals', () => {
  it('tells colours, urls and paths apart in blend', () => {
    expect(valueOf('blend', 'red')).toMatchObject({ type: 'color' });
    expect(valueOf('blend', 'https://example.com/a.png')).toEqual({
      type: 'url',
      value: 'https://example.com/a.png',
    });
    expect(valueOf('blend', '/logo.png')).toEqual({ type: 'path', value: '/logo.png' });
    expect(valueOf('blend', 'logos/a.png')).toEqual({ type: 'path', value: '/logos/a.png' });
  });

  it('refuses urls of other schemes', () => {
    expect(parse('mark', 'javascript:alert(1)').ok).toBe(false);
    expect(parse('mark', 'ftp://example.com/a.png').ok).toBe(false);
    expect(parse('mark', '').ok).toBe(false);
  });

  it('prefers the mask keywords to a path', () => {
    expect(valueOf('mask', 'ellipse')).toEqual({ type: 'string', value: 'ellipse' });
  });

  it('accepts catalogue fonts and generic families with styles', () => {
    expect(valueOf('txt-font', 'Helvetica-Bold')).toEqual({
      type: 'font',
      value: 'Helvetica-Bold',
    });
    expect(valueOf('txt-font', 'helvetica-bold')).toEqual({
      type: 'font',
      value: 'Helvetica-Bold',
    });
    expect(valueOf('txt-font', 'sans-serif,Bold,italic')).toEqual({
      type: 'font',
      value: 'sans-serif,bold,italic',
    });
    expect(parse('txt-font', 'Comic Neue').ok).toBe(false);
    expect(parse('txt-font', 'serif,wide').ok).toBe(false);
  });

  it('reads single frames and the three range forms', () => {
    expect(valueOf('frame', '3')).toEqual({ type: 'integer', value: 3 });
    expect(valueOf('frame', '2-10')).toEqual({ type: 'interval', value: { start: 2, end: 10 } });
    expect(valueOf('frame', '5-')).toEqual({
      type: 'interval',
      value: { start: 5, end: undefined },
    });
    expect(valueOf('frame', '-8')).toEqual({
      type: 'interval',
      value: { start: undefined, end: 8 },
    });
    expect(parse('frame', '-')).toEqual({
      ok: false,
      expected: 'an integer of at least 1, or a frame range such as 2-10, 5- or -8',
    });
    expect(parse('frame', '10-2').ok).toBe(false);
  });
});
