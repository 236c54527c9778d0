import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Params } from '@darkroom/core';
import type sharp from 'sharp';
import { ADOBE_RGB_1998, buildMatrixProfile, TINY_SRGB, type MatrixProfile } from './icc.ts';

// sharp embeds an output profile only from a file path (or its built-in names): write ours once.
const profileFiles = new Map<MatrixProfile, Promise<string>>();

function profileFile(profile: MatrixProfile): Promise<string> {
  let file = profileFiles.get(profile);
  if (file === undefined) {
    file = (async () => {
      const directory = await mkdtemp(path.join(os.tmpdir(), 'darkroom-icc-'));
      const target = path.join(directory, `${profile.description.replace(/\W+/g, '-')}.icc`);
      await writeFile(target, buildMatrixProfile(profile));
      return target;
    })();
    profileFiles.set(profile, file);
  }
  return file;
}

/**
 * `cs` (docs.imgix.com/apis/rendering/format/color-space). Without it the output is sRGB with
 * no profile attached, which browsers read as sRGB: the same colours as `cs=srgb` without
 * ~3 kB of profile on every thumbnail. `srgb` attaches libvips' sRGB profile, `tinysrgb` a
 * 400-byte approximation, `adobergb1998` converts to Adobe RGB and attaches it, `origin` keeps
 * the origin's profile and colour space, `strip` attaches nothing.
 */
export async function applyColourSpace(image: sharp.Sharp, params: Params): Promise<sharp.Sharp> {
  switch (params.string('cs')) {
    case 'srgb':
      return image.withIccProfile('srgb');
    case 'tinysrgb':
      return image.withIccProfile(await profileFile(TINY_SRGB));
    case 'adobergb1998':
      return image.withIccProfile(await profileFile(ADOBE_RGB_1998));
    case 'origin':
      return image.keepIccProfile();
    default:
      return image;
  }
}
