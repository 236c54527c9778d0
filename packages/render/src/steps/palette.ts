import { numberOrDefault } from '../color/param-numbers.ts';
import { paletteCss, paletteDocument } from '../color/palette-document.ts';
import { clampRange } from '../color/pixels.ts';
import { colourHistogram } from '../color/quantize.ts';
import { readPixels } from '../color/sharp-pixels.ts';
import type { RenderContext, RenderResult } from '../pipeline/context.ts';

/** The parameters `paletteOutput` implements, for `npm run params:coverage`. */
export const paletteParameters: readonly string[] = ['colors', 'palette', 'prefix'];

/**
 * `palette=json|css` (docs.imgix.com/apis/rendering/color-palette): the palette of the image as
 * the pipeline left it ("palette extraction occurs after image processing"), instead of the
 * image. `colors` (default 6, at most 16) sets the size of the frequency palette and `prefix`
 * (default "image") the CSS class names.
 */
export async function paletteOutput(context: RenderContext): Promise<RenderResult> {
  const { params } = context;
  const colourCount = clampRange(Math.round(numberOrDefault(params, 'colors', 6)), 0, 16);
  const document = paletteDocument(colourHistogram(await readPixels(context)), colourCount);
  const css = params.string('palette') === 'css';
  const prefix = params.getOrDefault('prefix');
  return {
    body: Buffer.from(
      css
        ? paletteCss(document, prefix?.type === 'string' ? prefix.value : 'image')
        : JSON.stringify(document),
    ),
    contentType: css ? 'text/css; charset=utf-8' : 'application/json',
    format: css ? 'css' : 'json',
    width: null,
    height: null,
    variesOnAccept: false,
    premium: context.premium,
  };
}
