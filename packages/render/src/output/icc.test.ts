import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADOBE_RGB_1998, buildMatrixProfile, profileDescription, TINY_SRGB } from './icc.ts';

describe('buildMatrixProfile', () => {
  it('writes a profile whose size field, signature and description read back', () => {
    const profile = buildMatrixProfile(TINY_SRGB);
    const view = new DataView(profile.buffer);
    expect(view.getUint32(0)).toBe(profile.byteLength);
    expect(String.fromCharCode(...profile.subarray(36, 40))).toBe('acsp');
    expect(profileDescription(profile)).toBe('TinysRGB');
    expect(profile.byteLength).toBeLessThan(600);
  });

  it('is accepted by lcms as an output profile', async () => {
    const profile = buildMatrixProfile(ADOBE_RGB_1998);
    const file = path.join(os.tmpdir(), `darkroom-icc-test-${process.pid}.icc`);
    await writeFile(file, profile);
    const output = await sharp({
      create: { width: 2, height: 2, channels: 3, background: { r: 255, g: 0, b: 0 } },
    })
      .withIccProfile(file)
      .png()
      .toBuffer();
    const { data } = await sharp(output, { ignoreIcc: true }).raw().toBuffer({
      resolveWithObject: true,
    });
    // sRGB red in Adobe RGB (1998) is about (219, 0, 0).
    expect(data[0]).toBeGreaterThan(205);
    expect(data[0]).toBeLessThan(232);
  });
});

describe('profileDescription', () => {
  it('returns undefined for bytes that are not a profile', () => {
    expect(profileDescription(new Uint8Array(40))).toBeUndefined();
  });
});
