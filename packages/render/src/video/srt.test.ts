import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { parseSrt, srtCueText } from './srt.ts';
import { suppliedCues } from './supplied-subtitles.ts';
import { formatWebVtt, parseWebVtt, WEBVTT_MAX_CUES } from './webvtt.ts';

const URL = 'https://subs.example/talk.srt';

describe('parseSrt', () => {
  it('reads numbered blocks, CRLF and a BOM included, into cues', () => {
    const srt =
      '\uFEFF1\r\n00:00:01,600 --> 00:00:04,200\r\nFirst line\r\nSecond line\r\n\r\n' +
      '2\r\n00:00:05,000 --> 00:00:06,5 X1:10 X2:20 Y1:5 Y2:9\r\nNext\r\n';
    expect(parseSrt(srt, 'x')).toEqual([
      { id: null, startMs: 1600, endMs: 4200, settings: '', text: 'First line\nSecond line' },
      { id: null, startMs: 5000, endMs: 6500, settings: '', text: 'Next' },
    ]);
  });

  it('takes blocks without a number, dots before the milliseconds and hours past 99', () => {
    expect(parseSrt('100:00:00.250 --> 100:00:01.000\nLate', 'x')).toEqual([
      { id: null, startMs: 360_000_250, endMs: 360_001_000, settings: '', text: 'Late' },
    ]);
  });

  it('refuses what is not SubRip with a 422 saying why', () => {
    const what = 'The subtitle track at x';
    expect(() => parseSrt('<html>Not found</html>', what)).toThrow(
      new RenderError(
        422,
        `${what} is neither WebVTT nor SubRip (SRT): "<html>Not found</html>" are not cue timings.`,
      ),
    );
    expect(() => parseSrt('1\n00:00:02,000 --> 00:00:01,000\nBackwards', what)).toThrow(
      /a cue ends \(00:00:01,000\) before it starts/,
    );
    expect(() => parseSrt(' \n\n', what)).toThrow(/it holds no cue/);
    const tooMany = Array.from(
      { length: WEBVTT_MAX_CUES + 1 },
      (_, index) => `${index + 1}\n00:00:00,000 --> 00:00:00,500\nx`,
    ).join('\n\n');
    expect(() => parseSrt(tooMany, what)).toThrow(`it has more than ${WEBVTT_MAX_CUES} cues`);
  });
});

describe('srtCueText', () => {
  it('keeps b, i and u, drops other tags and ASS override blocks, escapes the rest', () => {
    expect(srtCueText('{\\an8}<I>Tom</I> & <font color="#ff0000">Jerry</font> <3 a>b')).toBe(
      '<i>Tom</i> &amp; Jerry &lt;3 a&gt;b',
    );
    // Written as WebVTT, the text reads back as it was made: an arrow in it is no timings.
    const cues = parseSrt('1\n00:00:00,000 --> 00:00:01,000\nA --> B\n<b>x</b> < y', 'x');
    expect(parseWebVtt(formatWebVtt(cues), 'x').map((cue) => cue.text)).toEqual([
      'A --&gt; B\n<b>x</b> &lt; y',
    ]);
  });
});

describe('suppliedCues', () => {
  it('reads WebVTT by its signature and anything else as SubRip', () => {
    const vtt = Buffer.from(
      'WEBVTT\n\nSTYLE\n::cue { color: red }\n\n00:01.000 --> 00:02.000\nHi\n',
    );
    expect(suppliedCues(vtt, URL)).toEqual([
      { id: null, startMs: 1000, endMs: 2000, settings: '', text: 'Hi' },
    ]);
    const srt = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nHi\n');
    expect(suppliedCues(srt, URL).map((cue) => cue.text)).toEqual(['Hi']);
  });

  it('refuses text that is not UTF-8, or neither format, naming the URL (422)', () => {
    const latin1 = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9\n', 'latin1');
    expect(() => suppliedCues(latin1, URL)).toThrow(
      new RenderError(422, `The subtitle track at ${URL} is not UTF-8 text.`),
    );
    expect(() => suppliedCues(Buffer.from('WEBVTT\n\nnonsense --> more\nx'), URL)).toThrow(
      `The subtitle track at ${URL} is not WebVTT`,
    );
  });
});
