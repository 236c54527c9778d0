import { describe, expect, it } from 'vitest';
import { editorCapabilitiesOf } from './capabilities.ts';

describe('editorCapabilitiesOf', () => {
  it('turns every flag off when nothing is granted', () => {
    expect(Object.values(editorCapabilitiesOf([]))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('maps each API capability name to its editor flag', () => {
    expect(
      editorCapabilitiesOf([
        'background_removal',
        'background_replacement',
        'super_resolution',
        'outpainting',
        'object_removal',
        'image_to_video',
      ]),
    ).toEqual({
      bgRemove: true,
      bgReplace: true,
      superRes: true,
      outpainting: true,
      objectRemove: true,
      imageToVideo: true,
    });
  });

  it('leaves the flags of capabilities not granted off', () => {
    expect(editorCapabilitiesOf(['object_removal', 'image_to_video'])).toEqual({
      bgRemove: false,
      bgReplace: false,
      superRes: false,
      outpainting: false,
      objectRemove: true,
      imageToVideo: true,
    });
  });
});
