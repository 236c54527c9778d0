import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { looksLikeSvg, sanitizeSvg, SVG_LIMITS } from './svg-sanitize.ts';

const SVG_OPEN =
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

function clean(svg: string): string {
  return sanitizeSvg(Buffer.from(svg)).toString('utf8');
}

function refusal(svg: string): RenderError {
  try {
    sanitizeSvg(Buffer.from(svg));
  } catch (error) {
    if (error instanceof RenderError) return error;
    throw error;
  }
  throw new Error('the SVG was not refused');
}

describe('sanitizeSvg', () => {
  it('keeps the drawing: shapes, gradients, text and internal references', () => {
    const svg = `${SVG_OPEN} width="40" height="20" viewBox="0 0 40 20">
      <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
      <rect id="r" width="40" height="20" fill="url(#g)"/>
      <use xlink:href="#r" x="1"/><use href="#r"/>
      <text x="2" y="15" style="font-weight:bold">A &amp; B &lt; C</text>
    </svg>`;
    const out = clean(svg);
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('<use xlink:href="#r" x="1">');
    expect(out).toContain('<use href="#r">');
    expect(out).toContain('A &amp; B &lt; C');
    expect(out).toContain('style="font-weight:bold"');
  });

  it('renders the same picture as the original', async () => {
    const svg = `${SVG_OPEN} width="30" height="30"><script>alert(1)</script><circle cx="15" cy="15" r="10" fill="#00f" onclick="alert(2)"/></svg>`;
    const [before, after] = await Promise.all(
      [Buffer.from(svg), sanitizeSvg(Buffer.from(svg))].map((input) =>
        sharp(input).raw().toBuffer(),
      ),
    );
    expect(after).toEqual(before);
  });

  it('drops scripts, foreignObject and elements of other namespaces with their content', () => {
    const out = clean(
      `${SVG_OPEN} xmlns:x="urn:x"><script>alert(1)</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject><x:note>secret</x:note><g><iframe/></g></svg>`,
    );
    expect(out).not.toMatch(/script|alert|foreignObject|div|secret|iframe|urn:x/);
    expect(out).toContain('<g></g>');
  });

  it('drops event handlers, whatever their case', () => {
    const out = clean(
      `${SVG_OPEN} onload="alert(1)"><rect OnMouseOver="alert(2)" width="1"/></svg>`,
    );
    expect(out).not.toMatch(/alert|onload|mouseover/i);
    expect(out).toContain('width="1"');
  });

  it('keeps references inside the image only', () => {
    const out = clean(
      `${SVG_OPEN}><use href="https://evil.example/x.svg#a"/><use xlink:href="java&#9;script:alert(1)"/><image href="data:image/png;base64,iVBORw0KGgo="/><image href="data:image/svg+xml;base64,PHN2Zz4="/><image href="https://evil.example/track.png"/><a href="https://darkroom.example/">link</a><a href="javascript:alert(1)">bad</a><rect fill="url(https://evil.example/p)" stroke="url( '#ok' )"/></svg>`,
    );
    expect(out).not.toMatch(/evil|javascript|svg\+xml/);
    expect(out).toContain('href="data:image/png;base64,iVBORw0KGgo="');
    expect(out).toContain('<a href="https://darkroom.example/">link</a>');
    expect(out).toContain(`stroke="url( '#ok' )"`);
  });

  it('drops styles that import, bind or reach outside the image', () => {
    const out = clean(
      `${SVG_OPEN}><style>@import url(https://evil.example/a.css);</style><style>rect { fill: url(#g) } a > b {}</style><style>rect { background: url(https://evil.example/b) }</style><rect style="behavior: url(x.htc)"/></svg>`,
    );
    expect(out).not.toMatch(/evil|import|behavior/);
    expect(out).toContain('<style>rect { fill: url(#g) } a &gt; b {}</style>');
  });

  it('drops animations of references and handlers, and xml:base', () => {
    const out = clean(
      `${SVG_OPEN} xml:base="https://evil.example/"><a><set attributeName="href" to="javascript:alert(1)"/><animate attributeName="xlink:href" values="javascript:alert(1)"/><animate attributeName="onclick"/><animate attributeName="opacity" from="0" to="1" dur="1s"/></a></svg>`,
    );
    expect(out).not.toMatch(/evil|javascript|onclick|<set/);
    expect(out).toContain('<animate attributeName="opacity" from="0" to="1" dur="1s">');
  });

  it('drops comments, processing instructions and the document type', () => {
    const out = clean(
      `<?xml version="1.0"?><?xml-stylesheet href="https://evil.example/s.css"?><!DOCTYPE svg><!-- note -->${SVG_OPEN}><!-- inner --><g/></svg>`,
    );
    expect(out).toBe(`${SVG_OPEN}><g></g></svg>`);
  });

  it('refuses entities it would have to expand, and files that are not SVG or not XML', () => {
    const entity = refusal(
      `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;">]>${SVG_OPEN}><text>&b;</text></svg>`,
    );
    expect(entity.status).toBe(422);
    expect(refusal('<html xmlns="http://www.w3.org/1999/xhtml"/>').message).toMatch(/not an SVG/);
    expect(refusal(`${SVG_OPEN}><g></svg>`).message).toMatch(/well-formed/);
    expect(refusal('\u00ff\u00fe').status).toBe(422);
    expect(() => sanitizeSvg(Buffer.from([0xc3, 0x28]))).toThrow(/UTF-8/);
  });

  it('refuses a file larger than it sanitizes with 413', () => {
    const padding = ' '.repeat(SVG_LIMITS.maxBytes);
    expect(refusal(`${SVG_OPEN}>${padding}</svg>`).status).toBe(413);
  });

  it('refuses nesting deeper than its limit', () => {
    const depth = SVG_LIMITS.maxDepth + 1;
    const svg = `${SVG_OPEN}>${'<g>'.repeat(depth)}${'</g>'.repeat(depth)}</svg>`;
    expect(refusal(svg).message).toMatch(/too many/);
  });
});

describe('looksLikeSvg', () => {
  it('finds an <svg> root after any prolog', () => {
    expect(looksLikeSvg(Buffer.from(`${SVG_OPEN}/>`))).toBe(true);
    expect(
      looksLikeSvg(
        Buffer.from(
          '\uFEFF<?xml version="1.0"?>\n<!-- c -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg:svg xmlns:svg="http://www.w3.org/2000/svg"/>',
        ),
      ),
    ).toBe(true);
  });

  it('does not take other files for SVG', async () => {
    const png = await sharp({
      create: { width: 2, height: 2, channels: 3, background: '#fff' },
    })
      .png()
      .toBuffer();
    expect(looksLikeSvg(png)).toBe(false);
    expect(looksLikeSvg(Buffer.from('<html><svg></svg></html>'))).toBe(false);
    expect(looksLikeSvg(Buffer.from('<svgfoo/>'))).toBe(false);
  });
});
