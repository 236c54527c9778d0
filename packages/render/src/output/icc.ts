/**
 * The little of ICC.1 (v2, ICC.1:2001-04) Darkroom needs: the description of an embedded
 * profile, for `fm=json`'s ProfileName, and compact matrix/TRC display profiles for `cs`.
 */

type Xyz = readonly [number, number, number];

/** The profile's description tag (`desc` in v2, `mluc` in v4), or undefined when unreadable. */
export function profileDescription(icc: Uint8Array): string | undefined {
  const view = new DataView(icc.buffer, icc.byteOffset, icc.byteLength);
  if (icc.byteLength < 132) return undefined;
  const tagCount = view.getUint32(128);
  for (let index = 0; index < tagCount; index += 1) {
    const entry = 132 + index * 12;
    if (entry + 12 > icc.byteLength) return undefined;
    if (ascii(icc, entry, 4) !== 'desc') continue;
    const offset = view.getUint32(entry + 4);
    const size = view.getUint32(entry + 8);
    if (offset + size > icc.byteLength || size < 16) return undefined;
    const type = ascii(icc, offset, 4);
    if (type === 'desc') {
      const length = view.getUint32(offset + 8);
      return clean(ascii(icc, offset + 12, Math.min(length, size - 12)));
    }
    if (type === 'mluc' && size >= 28) {
      const recordLength = view.getUint32(offset + 20);
      const recordOffset = view.getUint32(offset + 24);
      const start = offset + recordOffset;
      if (start + recordLength > icc.byteLength) return undefined;
      let text = '';
      for (let at = start; at + 1 < start + recordLength; at += 2) {
        text += String.fromCharCode(view.getUint16(at));
      }
      return clean(text);
    }
    return undefined;
  }
  return undefined;
}

function ascii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

function clean(text: string): string | undefined {
  const trimmed = text.replace(/\0+$/, '').trim();
  return trimmed === '' ? undefined : trimmed;
}

export interface MatrixProfile {
  description: string;
  /** Red, green and blue colorants, adapted to the D50 profile connection space. */
  red: Xyz;
  green: Xyz;
  blue: Xyz;
  /** One power-law tone curve for all three channels. */
  gamma: number;
}

const D50: Xyz = [0.9642, 1, 0.8249];

/** sRGB's D50-adapted primaries with a 2.2 power curve: the approximation `cs=tinysrgb` names. */
export const TINY_SRGB: MatrixProfile = {
  description: 'TinysRGB',
  red: [0.43607, 0.22249, 0.01392],
  green: [0.38515, 0.71687, 0.09708],
  blue: [0.14307, 0.06061, 0.7141],
  gamma: 2.2,
};

/** Adobe RGB (1998): its primaries adapted to D50 and its exact 563/256 gamma. */
export const ADOBE_RGB_1998: MatrixProfile = {
  description: 'Adobe RGB (1998)',
  red: [0.60974, 0.31111, 0.01947],
  green: [0.20528, 0.62567, 0.06087],
  blue: [0.14919, 0.06322, 0.74457],
  gamma: 563 / 256,
};

/** Writes a v2 RGB display profile: header, wtpt, colorants, one shared curve, desc and cprt. */
export function buildMatrixProfile(profile: MatrixProfile): Uint8Array {
  const xyz = (value: Xyz) => {
    const tag = new DataView(new ArrayBuffer(20));
    writeAscii(tag, 0, 'XYZ ');
    value.forEach((component, i) => tag.setInt32(8 + i * 4, Math.round(component * 65536)));
    return new Uint8Array(tag.buffer);
  };
  const curve = new DataView(new ArrayBuffer(14));
  writeAscii(curve, 0, 'curv');
  curve.setUint32(8, 1);
  curve.setUint16(12, Math.round(profile.gamma * 256));
  const description = new DataView(new ArrayBuffer(90 + profile.description.length + 1));
  writeAscii(description, 0, 'desc');
  description.setUint32(8, profile.description.length + 1);
  writeAscii(description, 12, profile.description);
  const copyright = new DataView(new ArrayBuffer(8 + 'No copyright, use freely'.length + 1));
  writeAscii(copyright, 0, 'text');
  writeAscii(copyright, 8, 'No copyright, use freely');

  const tags: [string[], Uint8Array][] = [
    [['desc'], new Uint8Array(description.buffer)],
    [['cprt'], new Uint8Array(copyright.buffer)],
    [['wtpt'], xyz(D50)],
    [['rXYZ'], xyz(profile.red)],
    [['gXYZ'], xyz(profile.green)],
    [['bXYZ'], xyz(profile.blue)],
    [['rTRC', 'gTRC', 'bTRC'], new Uint8Array(curve.buffer)],
  ];
  const entryCount = tags.reduce((sum, [names]) => sum + names.length, 0);
  let offset = 128 + 4 + entryCount * 12;
  const placed = tags.map(([names, data]) => {
    const at = offset;
    offset += Math.ceil(data.byteLength / 4) * 4;
    return { names, data, at };
  });
  const bytes = new Uint8Array(offset);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, offset);
  view.setUint32(8, 0x02100000);
  writeAscii(view, 12, 'mntr');
  writeAscii(view, 16, 'RGB ');
  writeAscii(view, 20, 'XYZ ');
  [2000, 1, 1, 0, 0, 0].forEach((part, i) => view.setUint16(24 + i * 2, part));
  writeAscii(view, 36, 'acsp');
  D50.forEach((component, i) => view.setInt32(68 + i * 4, Math.round(component * 65536)));
  view.setUint32(128, entryCount);
  let entry = 132;
  for (const { names, data, at } of placed) {
    for (const name of names) {
      writeAscii(view, entry, name);
      view.setUint32(entry + 4, at);
      view.setUint32(entry + 8, data.byteLength);
      entry += 12;
    }
    bytes.set(data, at);
  }
  return bytes;
}

function writeAscii(view: DataView, offset: number, text: string) {
  for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
}
