// react-imgix as a server-rendered page uses it: <Imgix> elements rendered to HTML.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import Imgix from 'react-imgix';
import { imageIn, type ImageMarkup } from './markup.ts';

/**
 * A flexible image (README, "Flexible Image Rendering"): `sizes` and no width, so react-imgix
 * writes its default width srcset.
 */
export function flexibleImgix(src: string, sizes: string): ImageMarkup {
  return imageIn(renderToString(createElement(Imgix, { src, sizes })));
}

/**
 * A fixed image (README, "Fixed Image Rendering"): `width` and `height` set the resolution
 * loaded from the CDN, and react-imgix writes a 1x to 5x density srcset.
 */
export function fixedImgix(src: string, width: number, height: number): ImageMarkup {
  return imageIn(renderToString(createElement(Imgix, { src, width, height })));
}
