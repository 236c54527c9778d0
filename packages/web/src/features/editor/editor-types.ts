// The shapes the editor's parts share (spec editor section 3): the editor screen, its premium
// modification tools and the object tool are built separately and meet only through these.

/** The URL parameters the editor reads and writes (spec editor section 3, 'Editor parameters'). */
export const EDITOR_PARAM_NAMES = [
  'w',
  'h',
  'ar',
  'fit',
  'fill',
  'fill-gen-prompt',
  'fill-gen-seed',
  'rect',
  'fm',
  'auto',
  'dl',
  'bg-remove',
  'bg-replace',
  'upscale',
  'sharp',
  'object-removal-rect',
  'object-removal-prompt',
  'object-removal-seed',
] as const;

export type EditorParamName = (typeof EDITOR_PARAM_NAMES)[number];

/**
 * The editor's state: a parameter is present (with its URL value) or absent. The editor's own
 * controls read and write the names above; any other rendering parameter (`blur`, `sat`, ...) set
 * in the URL playground or a pasted address is carried along untouched, never dropped.
 */
export type EditorParams = Readonly<Partial<Record<EditorParamName, string>>> &
  Readonly<Record<string, string>>;

/** What the editor keeps of the original image (spec editor section 3). */
export interface OriginProperties {
  originWidth: number;
  originHeight: number;
  originFileSize: number;
  /** The origin's format as `fm=json` names it, e.g. 'jpeg', 'png'. */
  originImgType: string;
  /** The rendering URL of the untouched asset. */
  originUrl: string;
  originAspectRatio: number;
}

export type EditorMode = 'default' | 'resize' | 'crop' | 'fill';

/** The premium flags of spec editor section 3 ('Capabilities'): account or source grants them. */
export interface EditorCapabilities {
  outpainting: boolean;
  bgRemove: boolean;
  bgReplace: boolean;
  superRes: boolean;
  objectRemove: boolean;
  imageToVideo: boolean;
}

/** The aspect-ratio select's choices (spec editor section 9), by label. */
type RatioChoice = string;

/** The ratio select and its lock, kept beside the parameters (spec editor section 4). */
export interface RatioSetting {
  choice: RatioChoice;
  locked: boolean;
}
