export { composeAltText, UnsupportedAltTextLanguageError } from './compose.ts';
export {
  ALT_TEXT_LANGUAGES,
  altTextLanguageOf,
  isTemplatedLanguage,
  type AltTextLanguageCode,
  type AltTextLanguageInfo,
  MAX_ALT_TEXT_LANGUAGES,
} from './languages.ts';
export { COCO_CLASSES, COCO_SUPERCATEGORIES, isCocoClass, type CocoClass } from './coco-classes.ts';
export { COLOUR_NAMES, nearestColourName, type ColourName } from './colour-names.ts';
export type { AltTextInput, AltTextLabel } from './types.ts';
