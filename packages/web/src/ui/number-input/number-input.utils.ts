import {
  NUMBER_INPUT_DECIMALS,
  NUMBER_INPUT_MAX,
  NUMBER_INPUT_MAX_FIVE_DIGITS,
} from '../constants.ts';

// The rules of editor spec section 5, "Number input". Keystrokes pass through `filterDraft`
// (so a value over the maximum never appears), and the value is only taken on commit (blur or
// Enter) through `commitDraft`, where the minimum is checked: checking it per keystroke would
// block typing "15" into a 10-100 field, since "1" is below 10.

export interface NumberRules {
  /** Inclusive bounds; the end is the maximum. */
  range?: readonly [min: number, max: number];
  /** The number of digits the field holds (5 for width and height). */
  digitLength?: number;
  /** Whether decimals may be typed; they are rounded to 2 places. */
  decimals?: boolean;
  /** What ArrowUp and ArrowDown add or take away; 1 by default. */
  step?: number;
}

/** The end of the range, else 9999 for a 5-digit field, else 999. */
export function maximumOf(rules: NumberRules): number {
  if (rules.range) return rules.range[1];
  return rules.digitLength === 5 ? NUMBER_INPUT_MAX_FIVE_DIGITS : NUMBER_INPUT_MAX;
}

/** The start of the range; without one the field takes no negative numbers. */
export function minimumOf(rules: NumberRules): number {
  return rules.range ? rules.range[0] : 0;
}

export function roundDecimals(value: number, places = NUMBER_INPUT_DECIMALS): number {
  // Shifting through the exponent avoids 1.005 * 100 = 100.49999.
  return Number(`${Math.round(Number(`${value}e${places}`))}e-${places}`);
}

function isIncomplete(draft: string): boolean {
  return draft === '-' || draft === '.' || draft === '-.';
}

/** The text the field shows after a keystroke turned `previous` into `next`. */
export function filterDraft(next: string, previous: string, rules: NumberRules): string {
  if (next === '') return '';
  const shape = rules.decimals ? /^-?\d*\.?\d*$/ : /^-?\d*$/;
  if (!shape.test(next)) return previous;
  if (next.startsWith('-') && minimumOf(rules) >= 0) return previous;

  let draft = next;
  if (rules.digitLength !== undefined && !rules.decimals) {
    const sign = draft.startsWith('-') ? '-' : '';
    draft = sign + draft.slice(sign.length, sign.length + rules.digitLength);
  }
  if (
    rules.decimals &&
    rules.digitLength !== undefined &&
    draft.length > rules.digitLength + 1 &&
    !isIncomplete(draft)
  ) {
    draft = String(roundDecimals(Number(draft)));
  }
  if (!isIncomplete(draft) && Number(draft) > maximumOf(rules)) return previous;
  return draft;
}

/** The value a commit produces: the typed number, or `previous` when empty or out of range. */
export function commitDraft(draft: string, previous: number, rules: NumberRules): number {
  const text = draft.trim();
  if (text === '' || isIncomplete(text)) return previous;
  const value = Number(text);
  if (!Number.isFinite(value)) return previous;
  if (value < minimumOf(rules) || value > maximumOf(rules)) return previous;
  return rules.decimals ? roundDecimals(value) : Math.trunc(value);
}

/** One ArrowUp (+1) or ArrowDown (-1) from `value`, kept within the bounds. */
export function stepValue(value: number, direction: 1 | -1, rules: NumberRules): number {
  const next = value + direction * (rules.step ?? 1);
  const bounded = Math.min(Math.max(next, minimumOf(rules)), maximumOf(rules));
  return rules.decimals ? roundDecimals(bounded) : Math.round(bounded);
}
