import { z } from 'zod';
import { REQUIRED_MESSAGE } from './messages.ts';

/**
 * A trimmed, non-empty string; missing, null, empty and blank values all fail with
 * 'This field is required' (spec platform section 5) and stop further checks.
 */
export function requiredText() {
  return z
    .string({ error: (issue) => (issue.input == null ? REQUIRED_MESSAGE : 'Enter text here.') })
    .trim()
    .min(1, { error: REQUIRED_MESSAGE, abort: true });
}

/**
 * An optional field: missing, null, empty and blank values become null (spec section 3: "empty
 * strings become null"); anything else is trimmed and checked by `schema`.
 */
export function optionalText<T extends z.ZodType<string, string>>(schema: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') return value.trim() === '' ? null : value.trim();
    return value;
  }, schema.nullable());
}

/** A rule: a test a valid value passes, and the message shown when it does not. */
export type Rule<T> = readonly [test: (value: T) => boolean, message: string];

/**
 * A refinement that reports only the first rule `value` breaks, so each field shows one message
 * that says what to fix first.
 */
export function firstBrokenRule<T>(rules: ReadonlyArray<Rule<T>>) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    const broken = rules.find(([test]) => !test(value));
    if (broken !== undefined) ctx.addIssue({ code: 'custom', message: broken[1] });
  };
}
