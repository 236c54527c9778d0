import { describe, expect, it } from 'vitest';
import { embedWidths } from '../assets/asset.utils.ts';
import { editorEmbedCode } from './editor-export.utils.ts';

const fullUrl = 'http://demo.localhost:8080/coffee.png';

describe('the editor embed code', () => {
  it('keeps the edit in every srcset entry and scales the height with the width', () => {
    const code = editorEmbedCode(
      fullUrl,
      { w: '800', h: '450', fm: 'png', dl: 'x' },
      'Coffee "cup"',
      {
        width: 800,
        height: 450,
      },
    );
    expect(code.startsWith(`<img src="${fullUrl}?w=800&amp;h=450&amp;fm=png" srcset="`)).toBe(true);
    const srcset = /srcset="([^"]+)"/.exec(code)?.[1] ?? '';
    const entries = srcset.split(', ');
    expect(entries.map((entry) => Number(/ (\d+)w$/.exec(entry)?.[1]))).toEqual(embedWidths());
    expect(entries[0]).toBe(`${fullUrl}?w=100&amp;h=56&amp;fm=png 100w`);
    expect(code).toContain('alt="Coffee &quot;cup&quot;" width="800" height="450" loading="lazy">');
    expect(code).not.toContain('dl=');
  });

  it('leaves the height out when the edit sets none', () => {
    const code = editorEmbedCode(fullUrl, { fm: 'webp' }, 'a', { width: 10, height: 5 });
    expect(code).toContain(`${fullUrl}?w=100&amp;fm=webp 100w`);
  });
});
