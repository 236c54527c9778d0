import type { Rect } from '@darkroom/core';
import type { EditorParams, OriginProperties } from '../editor-types.ts';
import { PROMPT_MAX_LENGTH, withParam } from '../premium/modification-tools.utils.ts';

export type ObjectMode = 'remove' | 'replace';

/** Editor spec section 9: object seeds are random integers 0 to 9999. */
const OBJECT_SEED_MAX = 9999;
/** The initial removal box is 30 percent of the origin width, centred (spec section 9). */
const INITIAL_BOX_SHARE = 0.3;
/** Above this the tool shows a smaller copy but still sends boxes in the full original size. */
const FULL_SIZE_PIXEL_LIMIT = 3_000_000;

export const MODE_CHANGE_REFUSED = 'Please restore objects before changing modes';

/** `left,top,width,height`, whole numbers. */
function serializeBox(box: Rect): string {
  return [box.left, box.top, box.width, box.height].map((n) => Math.round(n)).join(',');
}

/** Several boxes joined by semicolons, as `object-removal-rect` takes them. */
export function serializeBoxes(boxes: readonly Rect[]): string {
  return boxes.map(serializeBox).join(';');
}

/** The boxes of an `object-removal-rect` value; malformed members are skipped. */
export function parseBoxes(value: string | undefined): Rect[] {
  if (value === undefined || value.trim() === '') return [];
  const boxes: Rect[] = [];
  for (const member of value.split(';')) {
    const numbers = member.split(',').map((part) => Number(part.trim()));
    if (numbers.length !== 4 || numbers.some((n) => !Number.isInteger(n) || n < 0)) continue;
    const [left = 0, top = 0, width = 0, height = 0] = numbers;
    if (width > 0 && height > 0) boxes.push({ left, top, width, height });
  }
  return boxes;
}

/** The first box: 30 percent of the origin width, square, centred and kept inside the image. */
export function initialBox(origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>): Rect {
  const side = Math.max(
    1,
    Math.min(Math.round(origin.originWidth * INITIAL_BOX_SHARE), origin.originHeight),
  );
  return {
    left: Math.round((origin.originWidth - side) / 2),
    top: Math.round((origin.originHeight - side) / 2),
    width: side,
    height: side,
  };
}

/**
 * The width of the copy the tool shows. Up to 3 megapixels that is the original itself; above, a
 * copy of about 3 megapixels, whose boxes are scaled back up to the full original size.
 */
export function workingWidth(origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>) {
  const pixels = origin.originWidth * origin.originHeight;
  if (pixels <= FULL_SIZE_PIXEL_LIMIT) return origin.originWidth;
  return Math.max(1, Math.floor(origin.originWidth * Math.sqrt(FULL_SIZE_PIXEL_LIMIT / pixels)));
}

/** A box scaled by `factor` (between the shown copy and the original), in whole pixels. */
export function scaleBox(box: Rect, factor: number): Rect {
  return {
    left: Math.round(box.left * factor),
    top: Math.round(box.top * factor),
    width: Math.max(1, Math.round(box.width * factor)),
    height: Math.max(1, Math.round(box.height * factor)),
  };
}

export function randomSeed(random: () => number = Math.random): number {
  return Math.floor(random() * (OBJECT_SEED_MAX + 1));
}

/** What the tool holds besides the cropper (editor spec section 3, 'Object tool state'). */
export interface ObjectToolState {
  mode: ObjectMode;
  /** The boxes sent to the renderer, in full original pixels. */
  selections: Rect[];
  /** The box the cropper shows now, in full original pixels; null until the cropper is ready. */
  currentSelection: Rect | null;
  positivePrompt: string;
  seed: number | null;
}

/** The state the tool opens in, from the editor's parameters (a previous removal is kept). */
export function initialObjectToolState(params: EditorParams): ObjectToolState {
  const prompt = params['object-removal-prompt'] ?? '';
  const seed = Number(params['object-removal-seed']);
  return {
    mode: prompt === '' ? 'remove' : 'replace',
    selections: parseBoxes(params['object-removal-rect']),
    currentSelection: null,
    positivePrompt: prompt,
    seed: Number.isInteger(seed) ? seed : null,
  };
}

export type ObjectToolAction =
  | { type: 'select'; box: Rect }
  | { type: 'setMode'; mode: ObjectMode }
  | { type: 'setPrompt'; prompt: string }
  | { type: 'removeObject' }
  | { type: 'replaceObject' }
  | { type: 'rerun'; seed: number }
  | { type: 'restore' };

/** The result of an action: the next state, or the reason it was refused. */
export type Transition = { state: ObjectToolState } | { refused: string };

/** The object tool's transitions (editor spec section 4, 'Object tool'). */
export function objectToolTransition(state: ObjectToolState, action: ObjectToolAction): Transition {
  switch (action.type) {
    case 'select':
      return { state: { ...state, currentSelection: action.box } };
    case 'setMode':
      if (action.mode === state.mode) return { state };
      if (state.selections.length > 0) return { refused: MODE_CHANGE_REFUSED };
      return { state: { ...state, mode: action.mode } };
    case 'setPrompt':
      return { state: { ...state, positivePrompt: action.prompt } };
    case 'removeObject':
      if (state.currentSelection === null)
        return { refused: 'Draw a box around the object first.' };
      return { state: { ...state, selections: [...state.selections, state.currentSelection] } };
    case 'replaceObject': {
      if (state.currentSelection === null)
        return { refused: 'Draw a box around the object first.' };
      const problem = replacePromptError(state.positivePrompt);
      if (problem !== null) return { refused: problem };
      // Replace works on one object: the current box becomes the only selection.
      return { state: { ...state, selections: [state.currentSelection] } };
    }
    case 'rerun':
      return { state: { ...state, seed: action.seed } };
    case 'restore':
      // Restore keeps the mode and the box being drawn (spec section 4).
      return {
        state: {
          ...state,
          selections: [],
          positivePrompt: '',
          seed: null,
        },
      };
  }
}

/** Why a replace prompt cannot be used, or null. */
export function replacePromptError(prompt: string): string | null {
  const text = prompt.trim();
  if (text === '') return 'Describe what should replace the object.';
  if (text.length > PROMPT_MAX_LENGTH) {
    return `Prompt must be at most ${PROMPT_MAX_LENGTH} characters`;
  }
  return null;
}

/** Remove needs a drawn box; the cropper being active is the component's part. */
export function canRemoveObject(state: ObjectToolState): boolean {
  return state.mode === 'remove' && state.currentSelection !== null;
}

/** Apply and Exit: something to apply, and in replace mode a prompt as well (spec section 5). */
export function canApply(state: ObjectToolState): boolean {
  if (state.selections.length === 0) return false;
  return state.mode === 'remove' || replacePromptError(state.positivePrompt) === null;
}

/**
 * The editor's parameters with the tool's result: the boxes, and in replace mode the prompt; the
 * seed when a rerun chose one. Without selections every object parameter is removed.
 */
export function paramsWithObjects(params: EditorParams, state: ObjectToolState): EditorParams {
  const active = state.selections.length > 0;
  const replacing = active && state.mode === 'replace';
  let next = withParam(
    params,
    'object-removal-rect',
    active ? serializeBoxes(state.selections) : undefined,
  );
  next = withParam(
    next,
    'object-removal-prompt',
    replacing ? state.positivePrompt.trim() : undefined,
  );
  return withParam(
    next,
    'object-removal-seed',
    active && state.seed !== null ? String(state.seed) : undefined,
  );
}

/**
 * The parameters of the image the tool shows: the original with the removals so far (boxes are
 * in its pixels, so the editor's resize and crop stay out), a smaller copy above 3 megapixels.
 */
export function workingParams(
  state: ObjectToolState,
  origin: Pick<OriginProperties, 'originWidth' | 'originHeight'>,
): EditorParams {
  const width = workingWidth(origin);
  const base: EditorParams = width === origin.originWidth ? {} : { w: String(width) };
  return paramsWithObjects(base, state);
}
