import type { Rect } from '@darkroom/core';
import type { EditorMode, EditorParams, OriginProperties, RatioSetting } from './editor-types.ts';
import { sameParams, withParams } from './params.utils.ts';
import {
  CUSTOM_RATIO,
  ORIGINAL_RATIO,
  chooseRatio,
  currentSize,
  sizeWithRatio,
} from './resize.utils.ts';
import { ratioOfRect } from './crop-frame.utils.ts';
import { formatRect } from './rect.utils.ts';

// The editing modes of spec editor section 4 ('Editing modes'), one pure function per transition.

export interface EditorSession {
  params: EditorParams;
  mode: EditorMode;
  ratio: RatioSetting;
  /** What Cancel goes back to: the parameters and ratio before crop or fill was entered. */
  previous: { params: EditorParams; ratio: RatioSetting } | null;
}

/**
 * The mode pill: the open panel's mode; on the default panel the transform the parameters hold
 * (an applied crop frame stays crop mode, also after the object tool's Apply and Exit, spec
 * section 4), else 'resize'.
 */
export function modePillLabel(
  mode: EditorMode,
  params: EditorParams = {},
): Exclude<EditorMode, 'default'> {
  if (mode !== 'default') return mode;
  return activeTransform(params) ?? 'resize';
}

/** Downloads and copies would hand out a half-made edit: only the default mode exports. */
export function canExport(mode: EditorMode): boolean {
  return mode === 'default';
}

/** The snapshot Cancel restores: taken when crop or fill is entered from outside both. */
function snapshot(session: EditorSession): EditorSession['previous'] {
  if (session.mode === 'crop' || session.mode === 'fill') return session.previous;
  return { params: session.params, ratio: session.ratio };
}

/** Crop: the fill parameters and the prompt go; an original ratio becomes a free Custom frame. */
export function enterCrop(session: EditorSession): EditorSession {
  const params = withParams(session.params, {
    fill: null,
    'fill-gen-prompt': null,
    'fill-gen-seed': null,
  });
  const ratio =
    session.ratio.choice === ORIGINAL_RATIO
      ? { choice: CUSTOM_RATIO, locked: false }
      : session.ratio;
  return { params, mode: 'crop', ratio, previous: snapshot(session) };
}

/**
 * Fill: fit=fill with a blur fill, any crop frame removed. Coming from crop, the width, height and
 * ratio from before crop come back. An original ratio would leave nothing to fill, so it
 * becomes 1:1.
 */
export function enterFill(session: EditorSession, origin: OriginProperties): EditorSession {
  const previous = snapshot(session);
  let params = session.params;
  let ratio = session.ratio;
  if (session.mode === 'crop' && previous) {
    params = withParams(params, {
      w: previous.params.w ?? null,
      h: previous.params.h ?? null,
      ar: previous.params.ar ?? null,
    });
    ratio = previous.ratio;
  }
  params = withParams(params, { fit: 'fill', fill: 'blur', rect: null });
  if (ratio.choice === ORIGINAL_RATIO) {
    const square = chooseRatio(params, origin, '1:1');
    params = square.params;
    ratio = square.setting;
  }
  return { params, mode: 'fill', ratio, previous };
}

/**
 * Apply in the crop panel: the frame becomes `rect` and `ar`, `fit` goes, and the height follows
 * the frame's shape so the result is the frame scaled to the chosen width.
 */
export function applyCrop(
  session: EditorSession,
  frame: Rect,
  origin: OriginProperties,
): EditorSession {
  const width = currentSize(session.params, origin).width;
  const size = sizeWithRatio('width', width, frame.width / frame.height);
  const params = withParams(session.params, {
    rect: formatRect(frame),
    ar: ratioOfRect(frame),
    fit: null,
    w: String(size.width),
    h: String(size.height),
  });
  return { params, mode: 'default', ratio: session.ratio, previous: null };
}

/** Apply is offered once the parameters differ from those before the mode was entered. */
export function canApply(session: EditorSession): boolean {
  return session.previous !== null && !sameParams(session.params, session.previous.params);
}

/** Apply in the fill sidebar keeps the parameters and returns to the default mode. */
export function applyFill(session: EditorSession): EditorSession {
  return { ...session, mode: 'default', previous: null };
}

/** Cancel: the parameters and ratio from before crop or fill, and the default mode. */
export function cancelMode(session: EditorSession): EditorSession {
  if (!session.previous) return { ...session, mode: 'default' };
  return {
    params: session.previous.params,
    ratio: session.previous.ratio,
    mode: 'default',
    previous: null,
  };
}

/** Which transform the parameters hold, for the trash button and its toast. */
export function activeTransform(params: EditorParams): 'crop' | 'fill' | null {
  if (params.fit === 'fill' || params.fill !== undefined) return 'fill';
  if (params.rect !== undefined) return 'crop';
  return null;
}

const MODE_NAMES = { crop: 'Crop', fill: 'Fill' } as const;

/**
 * The trash button: the crop frame and fill go, fit goes back to crop, the mode clears. The
 * message names the mode entered and the one switched off (spec section 4).
 */
export function trashTransform(session: EditorSession): {
  session: EditorSession;
  message: string;
} {
  const removed = activeTransform(session.params) ?? (session.mode === 'fill' ? 'fill' : 'crop');
  const params = withParams(session.params, {
    rect: null,
    fill: null,
    'fill-gen-prompt': null,
    'fill-gen-seed': null,
    fit: 'crop',
  });
  return {
    session: { params, mode: 'default', ratio: session.ratio, previous: null },
    message: `Resize mode entered. ${MODE_NAMES[removed]} mode switched off.`,
  };
}

/**
 * Reset: the origin's width, height, ratio and format, nothing else; the lock is on again and the
 * mode clears (spec section 4).
 */
export function resetSession(): EditorSession {
  return {
    // No parameters at all: the origin's own size, ratio and format are what an unparameterised
    // URL renders (spec editor section 4, Reset), and writing the origin's size out as w and h
    // would ask for a resize (and fit=crop) the user never made.
    params: {},
    mode: 'default',
    ratio: { choice: ORIGINAL_RATIO, locked: true },
    previous: null,
  };
}

/**
 * A choice in the ratio select while a mode is on: in fill, the original ratio means 1:1 (there
 * would be nothing to fill); in crop, it means a free Custom frame (spec section 4).
 */
export function chooseRatioInMode(
  session: EditorSession,
  origin: OriginProperties,
  choice: string,
  customRatio?: string,
): EditorSession {
  let effective = choice;
  if (choice === ORIGINAL_RATIO && session.mode === 'fill') effective = '1:1';
  if (choice === ORIGINAL_RATIO && session.mode === 'crop') effective = CUSTOM_RATIO;
  const change = chooseRatio(session.params, origin, effective, customRatio);
  return { ...session, params: change.params, ratio: change.setting };
}
