import { describe, expect, it } from 'vitest';
import {
  folderProblem,
  normalizeFolder,
  runWithConcurrency,
  tooLargeMessage,
  uploadPath,
} from './file-upload.utils.ts';

describe('normalizeFolder', () => {
  it('drops the spaces and slashes around a folder', () => {
    expect(normalizeFolder('  /products/2025/ ')).toBe('products/2025');
    expect(normalizeFolder('')).toBe('');
  });
});

describe('folderProblem', () => {
  it('accepts no folder and nested folders', () => {
    expect(folderProblem('')).toBeNull();
    expect(folderProblem('products/2025')).toBeNull();
    expect(folderProblem('/products/')).toBeNull();
  });

  it('refuses what the server would refuse', () => {
    expect(folderProblem('products/../secrets')).toMatch(/no empty, "." or ".." parts/);
    expect(folderProblem('products//shoes')).toMatch(/no empty/);
    expect(folderProblem('./products')).toMatch(/no empty/);
    expect(folderProblem('products\\shoes')).toMatch(/forward slashes/);
    expect(folderProblem('products\u0000')).toMatch(/control characters/);
    expect(folderProblem('a'.repeat(1023))).toBeNull();
    expect(folderProblem('a'.repeat(1024))).toMatch(/at most 1023 characters/);
  });
});

describe('uploadPath', () => {
  it('puts the file under the folder when there is one', () => {
    expect(uploadPath('', 'shoe.png')).toBe('shoe.png');
    expect(uploadPath('/products/', 'shoe.png')).toBe('products/shoe.png');
  });
});

describe('tooLargeMessage', () => {
  it('refuses only files over the limit', () => {
    expect(tooLargeMessage(50_000_000, 50_000_000)).toBeNull();
    expect(tooLargeMessage(61_400_000, 50_000_000)).toBe(
      'This file is 61 MB; files can be at most 50 MB.',
    );
  });
});

describe('runWithConcurrency', () => {
  it('keeps at most the limit running, takes every item once and survives failures', async () => {
    let running = 0;
    let busiest = 0;
    const done: number[] = [];
    await runWithConcurrency([1, 2, 3, 4, 5], 2, async (item) => {
      running += 1;
      busiest = Math.max(busiest, running);
      await Promise.resolve();
      running -= 1;
      if (item === 2) throw new Error('refused');
      done.push(item);
    });
    expect(busiest).toBe(2);
    expect(done.sort()).toEqual([1, 3, 4, 5]);
  });
});
