// Timings and sizes of the shared controls, from editor spec section 9 ("Business constants
// and limits") unless a comment says otherwise.

export const TOAST_DURATION_MS = 4000;
export const EDITOR_TOAST_DURATION_MS = 3000;
export const EDITOR_DANGER_TOAST_DURATION_MS = 5000;
export const TOAST_WIDTH_PX = 356;
export const TOAST_GAP_PX = 14;
export const TOAST_OFFSET_PX = 32;
export const TOAST_VISIBLE_COUNT = 2;
export const TOAST_HOTKEY = ['altKey', 'KeyT'];

/** Overlay and modal transitions (editor spec section 4): in, then out. */
export const OVERLAY_ENTER_MS = 200;
export const OVERLAY_LEAVE_MS = 150;

export const TOOLTIP_HIDE_DELAY_MS = 300;
export const TOOLTIP_MOBILE_BREAKPOINT_PX = 480;
export const TOOLTIP_MAX_WIDTH_PX = 240;

export const POPOVER_CLOSE_DELAY_MS = 700;

export const LIST_ROW_ESTIMATE_PX = 40;
export const LIST_OVERSCAN = 12;
/**
 * Not from the spec: a select with this many options renders only the rows in view; a shorter
 * list renders them all, which costs little and keeps every option in the document.
 */
export const SELECT_VIRTUAL_FROM = 100;

export const NUMBER_INPUT_MAX = 999;
export const NUMBER_INPUT_MAX_FIVE_DIGITS = 9999;
export const NUMBER_INPUT_DECIMALS = 2;
