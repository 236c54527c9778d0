import { describe, expect, it } from 'vitest';
import {
  assetPagePath,
  downloadUrl,
  duplicateTag,
  embedAltText,
  embedCode,
  embedWidthCap,
  embedWidths,
  fileNameOf,
  formatFileSize,
  sourceAssetsPath,
  splitList,
  thumbnailSources,
} from './asset.utils.ts';

const asset = {
  fullURL: 'http://demo.localhost:8080/photos/red%20cat.jpg',
  origin_path: '/photos/red cat.jpg',
  alt_text: null,
  description: null,
  name: 'Red "cat"',
  media_width: 1411,
  media_height: 940,
};

describe('formatFileSize', () => {
  it('counts in base 1000 from Bytes up to YB', () => {
    expect(formatFileSize(999)).toBe('999 Bytes');
    expect(formatFileSize(1000)).toBe('1 KB');
    expect(formatFileSize(1500)).toBe('1.5 KB');
    expect(formatFileSize(123456)).toBe('123 KB');
    expect(formatFileSize(50_000_000)).toBe('50 MB');
    expect(formatFileSize(2.5e9)).toBe('2.5 GB');
    expect(formatFileSize(1e24)).toBe('1 YB');
    expect(formatFileSize(5e27)).toBe('5000 YB');
  });

  it('says the size is unknown when the index has none', () => {
    expect(formatFileSize(null)).toBe('Unknown');
  });
});

describe('embedWidths', () => {
  it('starts at 100 and grows by 16 percent a step, each width an even number', () => {
    const widths = embedWidths();
    expect(widths.slice(0, 6)).toEqual([100, 116, 134, 156, 182, 210]);
    for (const width of widths) expect(width % 2).toBe(0);
  });

  it('ends exactly at 8192 without passing it, each width larger than the last', () => {
    const widths = embedWidths();
    expect(widths.at(-1)).toBe(8192);
    expect(widths.at(-2)).toBe(7400);
    expect(widths).toHaveLength(31);
    widths.slice(1).forEach((width, index) => expect(width).toBeGreaterThan(widths[index] ?? 0));
  });

  it('stops at a cap below 8192 with the cap itself as the widest entry', () => {
    const widths = embedWidths(640);
    expect(widths.at(-1)).toBe(640);
    expect(widths.at(-2)).toBe(2 * Math.round((100 * 1.16 ** 12) / 2));
    expect(widths.every((width) => width <= 640)).toBe(true);
    expect(new Set(widths).size).toBe(widths.length);
    expect(embedWidths(100)).toEqual([100]);
    expect(embedWidths(50)).toEqual([50]);
    expect(embedWidths(20_000)).toEqual(embedWidths());
  });
});

describe('embedWidthCap', () => {
  it("caps at the source's width only for the fits that never enlarge", () => {
    for (const fit of ['max', 'min', 'fillmax']) expect(embedWidthCap(640, fit)).toBe(640);
    for (const fit of ['clip', 'crop', 'scale', 'fill', null]) {
      expect(embedWidthCap(640, fit)).toBeNull();
    }
    expect(embedWidthCap(null, 'max')).toBeNull();
  });
});

describe('embedAltText', () => {
  it('takes the description, then the generated alt text, then the name', () => {
    const named = { description: null, alt_text: null, name: 'cat.jpg' };
    expect(embedAltText(named)).toBe('cat.jpg');
    expect(embedAltText({ ...named, alt_text: 'A cat asleep' })).toBe('A cat asleep');
    expect(embedAltText({ ...named, alt_text: 'A cat asleep', description: 'Our cat, Tom' })).toBe(
      'Our cat, Tom',
    );
    expect(embedAltText({ ...named, description: '  ', alt_text: ' ' })).toBe('cat.jpg');
  });
});

describe('embedCode', () => {
  it('is an img with every srcset width rendered by Darkroom, up to the source width', () => {
    const code = embedCode(asset);
    expect(
      code.startsWith('<img src="http://demo.localhost:8080/photos/red%20cat.jpg?auto=format"'),
    ).toBe(true);
    const srcset = /srcset="([^"]*)"/.exec(code)?.[1] ?? '';
    const entries = srcset.split(', ');
    expect(entries[0]).toBe(
      'http://demo.localhost:8080/photos/red%20cat.jpg?auto=format&amp;fit=max&amp;w=100 100w',
    );
    expect(entries.at(-1)).toBe(
      'http://demo.localhost:8080/photos/red%20cat.jpg?auto=format&amp;fit=max&amp;w=1411 1411w',
    );
    expect(entries.map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]))).toEqual(embedWidths(1411));
    expect(code).toContain('sizes="100vw"');
    expect(code).toContain('width="1411" height="940"');
  });

  it('escapes the alt text and prefers the description, then the generated one', () => {
    expect(embedCode(asset)).toContain('alt="Red &quot;cat&quot;"');
    expect(embedCode({ ...asset, alt_text: 'A cat <asleep>' })).toContain(
      'alt="A cat &lt;asleep&gt;"',
    );
    expect(
      embedCode({ ...asset, alt_text: 'A cat <asleep>', description: 'Tom on the sofa' }),
    ).toContain('alt="Tom on the sofa"');
  });

  it('offers every width up to 8192 when the source width is unknown', () => {
    const code = embedCode({ ...asset, media_width: null, media_height: null });
    const srcset = /srcset="([^"]*)"/.exec(code)?.[1] ?? '';
    expect(srcset.split(', ')).toHaveLength(31);
  });
});

describe('thumbnailSources', () => {
  it('asks Darkroom for a cropped square in the best format, twice as large for 2x screens', () => {
    const { src, srcSet } = thumbnailSources(asset.fullURL, 240);
    expect(src).toBe(
      'http://demo.localhost:8080/photos/red%20cat.jpg?auto=format&fit=crop&w=240&h=240',
    );
    expect(srcSet).toBe(
      `${src} 1x, http://demo.localhost:8080/photos/red%20cat.jpg?auto=format&fit=crop&w=480&h=480 2x`,
    );
  });
});

describe('downloadUrl', () => {
  it('adds dl with the file name', () => {
    expect(downloadUrl(asset)).toBe(
      'http://demo.localhost:8080/photos/red%20cat.jpg?dl=red+cat.jpg',
    );
  });
});

describe('paths', () => {
  it('puts the origin path after the source id, each segment percent-encoded', () => {
    expect(assetPagePath('d'.repeat(24), '/photos/red cat#1.jpg')).toBe(
      `/assets/${'d'.repeat(24)}/photos/red%20cat%231.jpg`,
    );
    expect(sourceAssetsPath('0'.repeat(24))).toBe(`/assets?source=${'0'.repeat(24)}`);
    expect(fileNameOf('/a/b/c.png')).toBe('c.png');
  });
});

describe('tags', () => {
  it('reads a comma-separated list without blanks', () => {
    expect(splitList(' cat, , dog ,bird,')).toEqual(['cat', 'dog', 'bird']);
    expect(splitList('')).toEqual([]);
  });

  it('finds the first tag repeated in any case', () => {
    expect(duplicateTag(['Cat', 'dog', 'cat'])).toBe('cat');
    expect(duplicateTag(['cat', 'dog'])).toBeNull();
  });
});
