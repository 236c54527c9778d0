import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { cueText, cuesWithin, formatWebVtt, parseWebVtt, WEBVTT_MAX_CUES } from './webvtt.ts';

const refusal = (text: string) => {
  try {
    parseWebVtt(text, 'The answer');
  } catch (error) {
    if (error instanceof RenderError) return { status: error.status, message: error.message };
    throw error;
  }
  throw new Error('parsed');
};

describe('parseWebVtt', () => {
  it('reads cues with and without identifiers, hours and settings, skipping notes', () => {
    const cues = parseWebVtt(
      [
        '\uFEFFWEBVTT - made by a provider',
        'Kind: captions',
        '',
        'NOTE a comment --',
        'over two lines',
        '',
        '1',
        '00:01.000 --> 00:02.500',
        'Hello',
        'world',
        '',
        '01:00:00.000 --> 01:00:01.250 align:start line:0',
        'Late',
        '',
      ].join('\r\n'),
      'The answer',
    );
    expect(cues).toEqual([
      { id: '1', startMs: 1000, endMs: 2500, settings: '', text: 'Hello\nworld' },
      {
        id: null,
        startMs: 3_600_000,
        endMs: 3_601_250,
        settings: 'align:start line:0',
        text: 'Late',
      },
    ]);
  });

  it('reads timings right after the signature as the first cue, as the spec parser does', () => {
    expect(parseWebVtt('WEBVTT\n00:00.000 --> 00:00.500\nHi\n', 'x')).toEqual([
      { id: null, startMs: 0, endMs: 500, settings: '', text: 'Hi' },
    ]);
    expect(parseWebVtt('WEBVTT\n', 'x')).toEqual([]);
  });

  it('refuses what is not WebVTT with a 422 naming the file', () => {
    expect(refusal('{"text":"hello"}')).toEqual({
      status: 422,
      message: 'The answer is not WebVTT: it does not start with WEBVTT.',
    });
    expect(refusal('WEBVTTX\n')).toMatchObject({ status: 422 });
    expect(refusal('WEBVTT\n\n00:01.000 --> soon\nHi\n').message).toContain('are not cue timings');
    expect(refusal('WEBVTT\n\n00:03.000 --> 00:01.000\nHi\n').message).toContain(
      'a cue ends (00:01.000) before it starts (00:03.000)',
    );
    expect(refusal('WEBVTT\n\na\nb\n00:01.000 --> 00:02.000\nHi\n').message).toContain(
      'is neither a cue identifier nor timings',
    );
  });

  it('refuses a file past the bounds', () => {
    const cue = '00:00.000 --> 00:00.001\nx\n\n';
    expect(refusal(`WEBVTT\n\n${cue.repeat(WEBVTT_MAX_CUES + 1)}`).message).toContain(
      `more than ${WEBVTT_MAX_CUES} cues`,
    );
    expect(refusal(`WEBVTT\n\n${'a'.repeat(5 * 1024 * 1024)}`).message).toBe(
      'The answer is larger than 4194304 bytes.',
    );
  });
});

describe('formatWebVtt', () => {
  it('writes what parseWebVtt reads back, with headers after the signature', () => {
    const cues = [
      { id: null, startMs: 0, endMs: 1500, settings: '', text: 'One' },
      { id: 'b', startMs: 61_000, endMs: 3_723_004, settings: 'align:end', text: 'Two\nlines' },
    ];
    const text = formatWebVtt(cues, ['X-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:126000']);
    expect(text).toBe(
      [
        'WEBVTT',
        'X-TIMESTAMP-MAP=LOCAL:00:00:00.000,MPEGTS:126000',
        '',
        '00:00:00.000 --> 00:00:01.500',
        'One',
        '',
        'b',
        '00:01:01.000 --> 01:02:03.004 align:end',
        'Two',
        'lines',
        '',
      ].join('\n'),
    );
    expect(parseWebVtt(text, 'x')).toEqual(cues);
    expect(formatWebVtt([])).toBe('WEBVTT\n');
  });

  it('keeps a translated text from ending its cue early or reading as timings', () => {
    expect(cueText(' Bonjour \r\n\r\n le monde --> ici ')).toBe('Bonjour\nle monde -> ici');
  });
});

describe('cuesWithin', () => {
  it('keeps the cues of a clip window, cut at its edges and timed from its start', () => {
    const cues = [
      { id: null, startMs: 0, endMs: 1000, settings: '', text: 'before' },
      { id: null, startMs: 1500, endMs: 2500, settings: '', text: 'across the start' },
      { id: null, startMs: 3000, endMs: 3500, settings: '', text: 'inside' },
      { id: null, startMs: 3900, endMs: 5000, settings: '', text: 'across the end' },
      { id: null, startMs: 6000, endMs: 7000, settings: '', text: 'after' },
    ];
    expect(cuesWithin(cues, { startS: 2, durationS: 2 })).toEqual([
      { id: null, startMs: 0, endMs: 500, settings: '', text: 'across the start' },
      { id: null, startMs: 1000, endMs: 1500, settings: '', text: 'inside' },
      { id: null, startMs: 1900, endMs: 2000, settings: '', text: 'across the end' },
    ]);
  });
});
