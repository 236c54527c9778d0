// Next.js's imgix loaders: the one built into next/legacy/image (next.config.js
// `images: { loader: 'imgix', path }`) and, for next/image, which has none built in, the imgix
// loader file of Next.js's images configuration documentation.
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { getImageProps, type ImageLoaderProps } from 'next/image';
import LegacyImage from 'next/legacy/image';
import { imageConfigDefault } from 'next/dist/shared/lib/image-config';
import { ImageConfigContext } from 'next/dist/shared/lib/image-config-context.shared-runtime';
import { imageIn, parseSrcset, type ImageMarkup } from './markup.ts';

/**
 * A next/legacy/image element rendered with `images: { loader: 'imgix', path }`: the image
 * configuration reaches the component through ImageConfigContext, as in a Next.js server render.
 */
export function legacyImage(
  path: string,
  props: {
    src: string;
    width?: number;
    height?: number;
    layout?: 'fixed' | 'intrinsic' | 'responsive' | 'fill';
    sizes?: string;
    priority?: boolean;
  },
): ImageMarkup {
  const element: ReactElement = createElement(
    ImageConfigContext.Provider,
    { value: { ...imageConfigDefault, loader: 'imgix', path } },
    createElement(LegacyImage, { alt: '', ...props }),
  );
  // A lazy image keeps its real attributes in <noscript> until scripts run; imageIn reads them.
  return imageIn(renderToString(element));
}

/** The imgix loader file of Next.js's documentation, for the image host `origin`. */
function documentedImgixLoader(origin: string) {
  return ({ src, width, quality }: ImageLoaderProps): string => {
    const url = new URL(`${origin}${src}`);
    const params = url.searchParams;
    params.set('auto', params.getAll('auto').join(',') || 'format');
    params.set('fit', params.get('fit') || 'max');
    params.set('w', params.get('w') || width.toString());
    params.set('q', (quality || 50).toString());
    return url.href;
  };
}

/** The <img> attributes next/image computes with that loader (its `getImageProps`). */
export function nextImage(
  origin: string,
  props:
    { src: string; width: number; height: number } | { src: string; fill: true; sizes: string },
): ImageMarkup {
  const { props: img } = getImageProps({
    alt: '',
    loader: documentedImgixLoader(origin),
    ...props,
  });
  return { src: img.src ?? '', srcset: parseSrcset(img.srcSet ?? '') };
}
