import { describe, expect, it } from 'vitest';
import {
  commitDraft,
  filterDraft,
  maximumOf,
  minimumOf,
  roundDecimals,
  stepValue,
} from './number-input.utils.ts';

describe('maximumOf', () => {
  it('is the end of the range when there is one', () => {
    expect(maximumOf({ range: [1, 8192] })).toBe(8192);
    expect(maximumOf({ range: [1, 50], digitLength: 5 })).toBe(50);
  });

  it('is 9999 for a 5-digit field without a range', () => {
    expect(maximumOf({ digitLength: 5 })).toBe(9999);
  });

  it('is 999 otherwise', () => {
    expect(maximumOf({})).toBe(999);
    expect(maximumOf({ digitLength: 4 })).toBe(999);
  });
});

describe('minimumOf', () => {
  it('is the start of the range, or 0 without one', () => {
    expect(minimumOf({ range: [-100, 100] })).toBe(-100);
    expect(minimumOf({})).toBe(0);
  });
});

describe('filterDraft', () => {
  it('accepts digits within the maximum', () => {
    expect(filterDraft('998', '99', {})).toBe('998');
    expect(filterDraft('999', '99', {})).toBe('999');
  });

  it('rejects a value above the maximum and keeps the previous one', () => {
    expect(filterDraft('1000', '100', {})).toBe('100');
    expect(filterDraft('10000', '1000', { digitLength: 5 })).toBe('1000');
    expect(filterDraft('101', '10', { range: [1, 100] })).toBe('10');
  });

  it('lets the field be emptied', () => {
    expect(filterDraft('', '42', { range: [1, 100] })).toBe('');
  });

  it('lets a value below the minimum through while typing', () => {
    expect(filterDraft('1', '', { range: [10, 100] })).toBe('1');
  });

  it('rejects letters and other symbols', () => {
    expect(filterDraft('12a', '12', {})).toBe('12');
    expect(filterDraft('1e3', '1', {})).toBe('1');
    expect(filterDraft('1.5', '1', {})).toBe('1');
  });

  it('takes a minus sign only when the range goes below zero', () => {
    expect(filterDraft('-', '', {})).toBe('');
    expect(filterDraft('-5', '5', { range: [0, 10] })).toBe('5');
    expect(filterDraft('-', '', { range: [-100, 100] })).toBe('-');
    expect(filterDraft('-50', '-5', { range: [-100, 100] })).toBe('-50');
  });

  it('cuts off digits beyond the digit length when decimals are not allowed', () => {
    expect(filterDraft('1234', '123', { digitLength: 3 })).toBe('123');
    expect(filterDraft('12345', '1234', { digitLength: 4, range: [0, 99999] })).toBe('1234');
    expect(filterDraft('-123', '-12', { digitLength: 2, range: [-99, 99] })).toBe('-12');
  });

  it('cuts a pasted value down to the digit length', () => {
    expect(filterDraft('987654', '', { digitLength: 3 })).toBe('987');
  });

  it('rounds a decimal longer than the digit length plus one to 2 places', () => {
    const rules = { decimals: true, digitLength: 3 };
    expect(filterDraft('1.23', '1.2', rules)).toBe('1.23');
    expect(filterDraft('1.234', '1.23', rules)).toBe('1.23');
    expect(filterDraft('1.235', '1.23', rules)).toBe('1.24');
    expect(filterDraft('0.999', '0.99', rules)).toBe('1');
  });

  it('keeps a trailing decimal point while typing', () => {
    expect(filterDraft('1.', '1', { decimals: true })).toBe('1.');
    expect(filterDraft('.', '', { decimals: true })).toBe('.');
    expect(filterDraft('1.2.', '1.2', { decimals: true })).toBe('1.2');
  });
});

describe('commitDraft', () => {
  it('takes a number within the bounds', () => {
    expect(commitDraft('640', 100, { range: [1, 9999] })).toBe(640);
  });

  it('resets an empty field to the prior value', () => {
    expect(commitDraft('', 100, { range: [1, 9999] })).toBe(100);
    expect(commitDraft('  ', 100, {})).toBe(100);
  });

  it('rejects a value below the range minimum and keeps the prior value', () => {
    expect(commitDraft('0', 100, { range: [1, 9999] })).toBe(100);
    expect(commitDraft('-101', 5, { range: [-100, 100] })).toBe(5);
  });

  it('rejects a value above the maximum', () => {
    expect(commitDraft('1000', 5, {})).toBe(5);
  });

  it('keeps the prior value for an unfinished number', () => {
    expect(commitDraft('-', 5, { range: [-10, 10] })).toBe(5);
    expect(commitDraft('.', 5, { decimals: true })).toBe(5);
  });

  it('rounds decimals to 2 places', () => {
    expect(commitDraft('1.005', 0, { decimals: true })).toBe(1.01);
    expect(commitDraft('2.', 0, { decimals: true })).toBe(2);
  });

  it('accepts the bounds themselves', () => {
    expect(commitDraft('1', 50, { range: [1, 100] })).toBe(1);
    expect(commitDraft('100', 50, { range: [1, 100] })).toBe(100);
  });
});

describe('stepValue', () => {
  it('changes by 1 by default', () => {
    expect(stepValue(10, 1, {})).toBe(11);
    expect(stepValue(10, -1, {})).toBe(9);
  });

  it('changes by the given step', () => {
    expect(stepValue(10, 1, { step: 5 })).toBe(15);
    expect(stepValue(0.1, 1, { step: 0.2, decimals: true })).toBe(0.3);
  });

  it('stays within the bounds', () => {
    expect(stepValue(999, 1, {})).toBe(999);
    expect(stepValue(1, -1, { range: [1, 9999] })).toBe(1);
    expect(stepValue(98, 1, { range: [1, 100], step: 5 })).toBe(100);
  });
});

describe('roundDecimals', () => {
  it('rounds halves up without floating-point drift', () => {
    expect(roundDecimals(1.005)).toBe(1.01);
    expect(roundDecimals(2.675)).toBe(2.68);
  });
});
