import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FONT } from './fonts.ts';
import { escapeMarkup, textMarkup, type TextStyle } from './markup.ts';

const STYLE: TextStyle = { font: DEFAULT_FONT, sizePx: 24, trackingPx: 0, colourHex: '#000000' };

async function renderMarkup(markup: string) {
  return sharp({ text: { text: markup, rgba: true, dpi: 72 } })
    .raw()
    .toBuffer({ resolveWithObject: true });
}

describe('escapeMarkup', () => {
  it('escapes the five XML specials', () => {
    expect(escapeMarkup(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
  });

  it('escapes an ampersand that already looks like an entity, so it shows as typed', () => {
    expect(escapeMarkup('&amp;')).toBe('&amp;amp;');
  });

  it('drops characters XML forbids but keeps newlines, tabs and emoji', () => {
    expect(escapeMarkup('a\u0000b\u001Fc\nd\te\uFFFE')).toBe('abc\nd\te');
    expect(escapeMarkup('\uD83D\uDE00 ok \uD83D')).toBe('\uD83D\uDE00 ok ');
  });
});

describe('textMarkup', () => {
  it('wraps the escaped text in one span carrying the font, size, colour and tracking', () => {
    expect(textMarkup('<b>', { ...STYLE, trackingPx: 2 })).toBe(
      '<span font_family="Liberation Sans" font_weight="normal" font_style="normal" font_size="24576" foreground="#000000" letter_spacing="2048">&lt;b&gt;</span>',
    );
  });

  it('renders user markup literally: a span tag neither colours the text nor disappears', async () => {
    const injected = await renderMarkup(textMarkup('<span foreground="red">x</span>', STYLE));
    const plain = await renderMarkup(textMarkup('x', STYLE));
    // The tag's characters are drawn, so the line is far wider than the single x.
    expect(injected.info.width).toBeGreaterThan(plain.info.width * 10);
    let redInk = 0;
    for (let i = 0; i < injected.data.length; i += 4) {
      const [r = 0, g = 0, alpha = 0] = [
        injected.data[i],
        injected.data[i + 1],
        injected.data[i + 3],
      ];
      if (alpha > 128 && r > 128 && g < 64) redInk += 1;
    }
    expect(redInk).toBe(0);
  });

  it('renders text that would be malformed markup instead of failing', async () => {
    const rendered = await renderMarkup(textMarkup('1 < 2 && </span> "quoted"', STYLE));
    expect(rendered.info.width).toBeGreaterThan(100);
  });
});
