import sharp from 'sharp';

/**
 * The libvips loaders Darkroom lets untrusted origin bytes reach. Everything else under
 * `VipsForeignLoad` is blocked: the `vips`, matrix, CSV, PPM/PFM, FITS, Analyze and raw file
 * loaders, and magick/openslide/PDF should a libvips build ever carry them. Those are not hardened
 * against hostile input, and none is an image format a web origin serves. Blocking a class blocks
 * its file, buffer and source variants together.
 */
export const ALLOWED_LOADERS = [
  'VipsForeignLoadJpeg',
  'VipsForeignLoadPng',
  'VipsForeignLoadWebp',
  'VipsForeignLoadNsgif',
  'VipsForeignLoadHeif',
  'VipsForeignLoadTiff',
  'VipsForeignLoadSvg',
  // JPEG 2000 is absent from sharp's prebuilt libvips; listed so a build with OpenJPEG reads it.
  'VipsForeignLoadJp2k',
] as const;

let blocked = false;

/** Restricts libvips, for the whole process, to the loaders above; safe to call repeatedly. */
export function blockUntrustedLoaders(): void {
  if (blocked) return;
  sharp.block({ operation: ['VipsForeignLoad'] });
  sharp.unblock({ operation: [...ALLOWED_LOADERS] });
  blocked = true;
}
