import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RenderError } from '../pipeline/context.ts';
import { renderQuery } from '../testing/render-query.ts';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

function svg(width: number, height: number, body: string, extra = ''): Buffer {
  return Buffer.from(`<svg ${NS} width="${width}" height="${height}"${extra}>${body}</svg>`);
}

async function refusal(bytes: Buffer, query = 'w=100'): Promise<RenderError> {
  const failure = await renderQuery(bytes, query).catch((error: unknown) => error);
  if (!(failure instanceof RenderError))
    throw new Error(`expected a refusal, got ${String(failure)}`);
  return failure;
}

describe('SVG origins are checked before librsvg runs', () => {
  it('renders an ordinary SVG, gzipped ones included', async () => {
    const logo = svg(40, 20, '<rect width="40" height="20" fill="#0a0"/>');
    expect((await renderQuery(logo, 'w=80&fm=png')).width).toBe(80);
    expect((await renderQuery(gzipSync(logo), 'w=80&fm=png')).width).toBe(80);
  });

  it('refuses a viewBox bomb by its rasterised pixels (413)', async () => {
    const bomb = svg(100000, 100000, '<rect width="1" height="1"/>', ' viewBox="0 0 1 1"');
    expect((await refusal(bomb)).status).toBe(413);
  });

  it('refuses a drawing near the pixel limit by the SVG limit (413), naming the size', async () => {
    const near = svg(7000, 7000, '<rect width="7000" height="7000" fill="red"/>');
    const failure = await refusal(near);
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(
      /rasterises to 7000x7000 \(49 megapixels\).*up to 16\.8 megapixels/,
    );
  });

  it('refuses a huge blur filter (413), naming the primitive', async () => {
    const blur = svg(
      4000,
      4000,
      '<filter id="f"><feGaussianBlur stdDeviation="1000"/></filter><rect width="4000" height="4000" filter="url(#f)"/>',
    );
    const failure = await refusal(blur);
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/feGaussianBlur stdDeviation="1000"/);
  });

  it('refuses filter primitives whose surfaces together pass the pixel budget', async () => {
    const chain = Array.from({ length: 40 }, (_, i) => `<feOffset dx="1" result="r${i}"/>`).join(
      '',
    );
    const failure = await refusal(
      svg(
        4000,
        4000,
        `<filter id="f">${chain}</filter><rect width="4000" height="4000" filter="url(#f)"/>`,
      ),
    );
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/40 filter primitives/);
  });

  it('refuses many elements and <use> bombs (413)', async () => {
    const many = svg(1000, 1000, '<rect width="1" height="1"/>'.repeat(20_000));
    expect((await refusal(many)).message).toMatch(/more than 10000 elements/);
    let defs = '<rect id="l0" width="1" height="1"/>';
    for (let level = 1; level <= 10; level += 1) {
      defs += `<g id="l${level}">${`<use xlink:href="#l${level - 1}"/>`.repeat(10)}</g>`;
    }
    const uses = await refusal(svg(1000, 1000, `<defs>${defs}</defs><use xlink:href="#l10"/>`));
    expect(uses.status).toBe(413);
    expect(uses.message).toMatch(/<use> references counted/);
  });

  it('refuses an svgz that inflates past the byte limit without inflating it all', async () => {
    const head = Buffer.from(`<svg ${NS} width="10" height="10">`);
    const bomb = gzipSync(
      Buffer.concat([head, Buffer.alloc(50 * 1024 * 1024, 0x20), Buffer.from('</svg>')]),
    );
    const failure = await refusal(bomb);
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/inflates past 5 MiB/);
  });

  it('refuses an embedded raster image larger than the limit, from its header', async () => {
    const png = await sharp({
      create: { width: 5000, height: 5000, channels: 3, background: '#000' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const failure = await refusal(
      svg(
        100,
        100,
        `<image width="100" height="100" href="data:image/png;base64,${png.toString('base64')}"/>`,
      ),
    );
    expect(failure.status).toBe(413);
    expect(failure.message).toMatch(/embeds a 5000x5000 image/);
  });

  it('sanitizes a served SVG in a worker thread, with the same answer', async () => {
    const result = await renderQuery(
      svg(10, 10, '<script>alert(1)</script><rect width="1" height="1"/>'),
      'rasterize-bypass=true',
    );
    expect(result.body.toString()).not.toMatch(/script/);
    expect(result.body.toString()).toMatch(
      /<rect width="1" height="1"><\/rect>|<rect width="1" height="1"\/>/,
    );
  });
});
