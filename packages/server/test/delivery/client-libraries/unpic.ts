// unpic as a React page uses it: @unpic/react's <Image>, which builds every URL with unpic's
// imgix transformer, rendered to HTML.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Image } from '@unpic/react';
import { imageIn, type ImageMarkup } from './markup.ts';

/**
 * The image of each layout unpic documents; `cdn` names imgix because a custom domain cannot
 * be recognised from its host name.
 */
export function unpicImage(
  src: string,
  layout:
    { layout: 'fullWidth' } | { layout: 'constrained' | 'fixed'; width: number; height: number },
): ImageMarkup {
  return imageIn(renderToString(createElement(Image, { src, cdn: 'imgix', alt: '', ...layout })));
}
