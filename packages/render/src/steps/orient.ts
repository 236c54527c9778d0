import { orientationFix, orientationOfParameter, orientedSize } from '../geometry/orientation.ts';
import type { StepModule } from '../pipeline/step.ts';

/**
 * Stands the image upright (docs.imgix.com/apis/rendering/rotation/orientation): from its EXIF
 * tag by default, or as `orient` says, which overrides the tag (0 keeps the stored pixels).
 */
export const orientStep: StepModule = {
  name: 'orient',
  parameters: ['orient'],
  async run(context) {
    const stored = { width: context.width, height: context.height };
    if (!context.params.has('orient')) {
      const orientation = context.source.metadata.orientation ?? 1;
      if (orientation === 1) return;
      // sharp turns the pixels at decode time and still shrinks on load.
      context.image = context.image.autoOrient();
      const upright = orientedSize(stored, orientation);
      context.width = upright.width;
      context.height = upright.height;
      context.pageHeight = upright.height;
      return;
    }
    const fix = orientationFix(orientationOfParameter(context.params.number('orient') ?? 1));
    if (!fix.mirror && fix.clockwise === 0) return;
    if (fix.mirror) context.image = context.image.flop();
    if (fix.clockwise !== 0) context.image = context.image.rotate(fix.clockwise);
    // sharp applies an explicit turn after its resize; later steps plan in upright pixels, so
    // the turn has to happen now. `orient` is rare enough to pay for the decoded copy.
    await context.materialize();
    context.pageHeight = context.height;
  },
};
