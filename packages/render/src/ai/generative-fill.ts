// fill=gen (imgix generative fill): the room fit=fill leaves around the image is painted by the
// configured generative provider, the image itself kept exactly. Without a provider, or when
// generation fails, the solid fill stays and the reason is reported (fill-gen-fallback, default
// true); with the fallback off the render fails.
import sharp from 'sharp';
import { untrustedInput } from '../output/limits.ts';
import { currentPixels } from '../composite/layers.ts';
import { RenderError, type PendingFill, type RenderContext } from '../pipeline/context.ts';
import { restartFromPixels } from '../pipeline/context-factory.ts';

/**
 * Paints `fill` generatively over a canvas already extended with transparent room (the
 * transparent pixels are the mask), or records why it could not and leaves it as it is.
 */
export async function generativeFill(context: RenderContext, fill: PendingFill): Promise<void> {
  const { params } = context;
  try {
    const editor = context.request.generative;
    if (editor === undefined) throw new Error('No generative image provider is configured.');
    if (context.animated) throw new Error('Generative fill does not apply to animations.');
    const pixels = await currentPixels(context);
    const canvas = await sharp(pixels.data, {
      raw: { width: pixels.width, height: pixels.height, channels: pixels.channels },
    })
      .ensureAlpha()
      .png()
      .toBuffer();
    const prompt = params.string('fill-gen-prompt') ?? 'Extend the scene naturally.';
    const negativePrompt = params.string('fill-gen-neg-prompt');
    const seed = params.number('fill-gen-seed');
    const painted = await editor.edit(
      {
        image: canvas,
        mask: canvas,
        prompt,
        ...(negativePrompt === undefined ? {} : { negativePrompt }),
        ...(seed === undefined ? {} : { seed }),
        size: { width: fill.canvasWidth, height: fill.canvasHeight },
      },
      context.request.signal,
    );
    // The provider may answer another size; the original pixels go back on top, unchanged.
    // The provider's answer is bytes from outside like any origin: never decoded past the budget.
    const { data, info } = await sharp(painted, untrustedInput(context.limits))
      .resize(fill.canvasWidth, fill.canvasHeight, { fit: 'fill' })
      .ensureAlpha()
      .composite([{ input: canvas, left: 0, top: 0 }])
      .raw()
      .toBuffer({ resolveWithObject: true });
    restartFromPixels(context, data, info);
    context.premium = true;
  } catch (error) {
    if (error instanceof RenderError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (params.boolean('fill-gen-fallback') === false) {
      throw new RenderError(500, `Generative fill failed: ${reason}`, { cause: error });
    }
    context.aiFailures['fill-gen'] = reason;
  }
}
