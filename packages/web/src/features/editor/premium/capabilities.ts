import type { CapabilityName } from '@darkroom/core';
import type { EditorCapabilities } from '../editor-types.ts';

/** The editor flag each capability the API names turns on (editor spec section 3, 'Capabilities'). */
const FLAG_OF: Record<CapabilityName, keyof EditorCapabilities> = {
  outpainting: 'outpainting',
  background_removal: 'bgRemove',
  background_replacement: 'bgReplace',
  super_resolution: 'superRes',
  object_removal: 'objectRemove',
  image_to_video: 'imageToVideo',
};

/**
 * The editor's premium flags from a source's `premium_capabilities`, which the server already
 * gives as the union of the account's and the source's grants within what the install can run.
 */
export function editorCapabilitiesOf(granted: readonly CapabilityName[]): EditorCapabilities {
  const flags: EditorCapabilities = {
    outpainting: false,
    bgRemove: false,
    bgReplace: false,
    superRes: false,
    objectRemove: false,
    imageToVideo: false,
  };
  for (const name of granted) flags[FLAG_OF[name]] = true;
  return flags;
}
