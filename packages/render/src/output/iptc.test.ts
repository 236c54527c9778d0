import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderQuery } from '../testing/render-query.ts';
import { iptcSegments, withIptc } from './iptc.ts';

/** An APP13 Photoshop segment holding one IPTC dataset, 2:120 (caption). */
function app13(caption: string): Buffer {
  const text = Buffer.from(caption, 'latin1');
  const dataset = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, 0, text.length]), text]);
  const resource = Buffer.concat([
    Buffer.from('8BIM', 'latin1'),
    Buffer.from([0x04, 0x04, 0, 0]),
    Buffer.from([0, 0, 0, dataset.length]),
    dataset,
    dataset.length % 2 === 1 ? Buffer.from([0]) : Buffer.alloc(0),
  ]);
  const payload = Buffer.concat([Buffer.from('Photoshop 3.0\0', 'latin1'), resource]);
  return Buffer.concat([Buffer.from([0xff, 0xed, 0, payload.length + 2]), payload]);
}

async function captionedJpeg(caption: string): Promise<Buffer> {
  const plain = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#48c' } })
    .jpeg()
    .toBuffer();
  return withIptc(plain, [app13(caption)]);
}

describe('iptc passthrough', () => {
  it('finds the IPTC segment of a JPEG and nothing in one without', async () => {
    const jpeg = await captionedJpeg('Harbour at dawn');
    expect(iptcSegments(jpeg)).toEqual([app13('Harbour at dawn')]);
    expect(iptcSegments(await sharp(jpeg).jpeg().toBuffer())).toEqual([]);
    expect(iptcSegments(Buffer.from('not a jpeg'))).toEqual([]);
  });

  it('carries the IPTC block into a rendered JPEG with iptc=allow only', async () => {
    const jpeg = await captionedJpeg('Harbour at dawn');
    const allowed = await renderQuery(jpeg, 'w=20&iptc=allow');
    expect(allowed.format).toBe('jpg');
    expect(iptcSegments(allowed.body)).toEqual([app13('Harbour at dawn')]);
    // Still a valid JPEG of the asked size.
    expect((await sharp(allowed.body).metadata()).width).toBe(20);
    expect(iptcSegments((await renderQuery(jpeg, 'w=20')).body)).toEqual([]);
    expect(iptcSegments((await renderQuery(jpeg, 'w=20&iptc=block')).body)).toEqual([]);
    // Not a JPEG answer: nothing to carry it in.
    expect((await renderQuery(jpeg, 'w=20&iptc=allow&fm=png')).format).toBe('png');
  });
});
