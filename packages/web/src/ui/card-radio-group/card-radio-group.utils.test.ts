import { describe, expect, it } from 'vitest';
import { visibleOptions, wrapEnabledIndex } from './card-radio-group.utils.ts';

const options = [
  { value: 's3' },
  { value: 'webfolder' },
  { value: 'webproxy' },
  { value: 'gcs', disabled: true },
];

describe('visibleOptions', () => {
  it('keeps every option with webproxy access', () => {
    expect(visibleOptions(options, true)).toHaveLength(4);
  });

  it('hides the webproxy option without webproxy access', () => {
    expect(visibleOptions(options, false).map((option) => option.value)).toEqual([
      's3',
      'webfolder',
      'gcs',
    ]);
  });
});

describe('wrapEnabledIndex', () => {
  it('moves to the next or previous option', () => {
    expect(wrapEnabledIndex(options, 0, 1)).toBe(1);
    expect(wrapEnabledIndex(options, 1, -1)).toBe(0);
  });

  it('wraps around and skips disabled options', () => {
    expect(wrapEnabledIndex(options, 2, 1)).toBe(0);
    expect(wrapEnabledIndex(options, 0, -1)).toBe(2);
  });

  it('stays put when nothing else is enabled', () => {
    expect(wrapEnabledIndex([{}, { disabled: true }], 0, 1)).toBe(0);
  });
});
