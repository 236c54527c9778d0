// @imgix/gatsby as a Gatsby page uses it: <ImgixGatsbyImage>, its gatsby-plugin-image component
// (README, "Gatsby-plugin-image Component and Hook"), rendered to HTML as Gatsby's server render
// does. The image Gatsby's script swaps in carries data-src; the <noscript> copy, which a browser
// without the script loads, carries the same URLs as src and srcset.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ImgixGatsbyImage } from '@imgix/gatsby';
import { imageIn, type ImageMarkup } from './markup.ts';

export type GatsbyLayout =
  | { layout: 'fullWidth'; aspectRatio: number }
  | { layout: 'constrained'; width: number; aspectRatio: number }
  | { layout: 'fixed'; width: number; height: number };

export function gatsbyImage(src: string, layout: GatsbyLayout): ImageMarkup {
  return imageIn(renderToString(createElement(ImgixGatsbyImage, { src, alt: '', ...layout })));
}
