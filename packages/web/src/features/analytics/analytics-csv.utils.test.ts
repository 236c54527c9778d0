import { describe, expect, it } from 'vitest';
import { analyticsCsv, csvField, csvFileName, toCsv } from './analytics-csv.utils.ts';

describe('csvField', () => {
  it('leaves plain values alone and quotes separators, quotes and line breaks', () => {
    expect(csvField('Desktop PC')).toBe('Desktop PC');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@evil.example')).toBe(`"'@evil.example"`);
    expect(csvField(-3)).toBe('-3');
  });
});

describe('toCsv and analyticsCsv', () => {
  it('ends every line with CRLF', () => {
    expect(
      toCsv([
        ['a', 1],
        ['b', null],
      ]),
    ).toBe('a,1\r\nb,\r\n');
  });

  it('writes the context line, then each table titled and separated by a blank line', () => {
    const csv = analyticsCsv(
      ['Darkroom analytics', 'Last 7 days'],
      [
        { title: 'Totals', columns: ['Metric', 'This period'], rows: [['Requests', 12]] },
        {
          title: 'Requests by device',
          columns: ['Device', 'Requests'],
          rows: [
            ['Desktop PC', 9],
            ['Smartphone', 3],
          ],
        },
      ],
    );
    expect(csv.split('\r\n')).toEqual([
      'Darkroom analytics,Last 7 days',
      '',
      'Totals',
      'Metric,This period',
      'Requests,12',
      '',
      'Requests by device',
      'Device,Requests',
      'Desktop PC,9',
      'Smartphone,3',
      '',
    ]);
  });

  it('names the file for the days it covers', () => {
    expect(csvFileName('2026-11-15', '2026-11-22')).toBe(
      'darkroom-analytics-2026-11-15-to-2026-11-22.csv',
    );
  });
});
