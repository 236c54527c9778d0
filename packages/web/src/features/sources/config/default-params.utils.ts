import { defaultParamsSchema } from '@darkroom/core';

/** One editable name and value of the list. */
export interface Row {
  id: number;
  key: string;
  value: string;
}

let nextRowId = 0;
/** A new row with an id of its own (names can repeat or be empty while typing). */
export const row = (key: string, value: string): Row => ({ id: (nextRowId += 1), key, value });

/** Problems found, per parameter name, and for the list as a whole under `SECTION_ISSUE`. */
export type ParamIssues = Record<string, string>;
export const SECTION_ISSUE = '';

/** The map the server stores: named rows only, names trimmed. */
export const paramsOf = (list: readonly Row[]) =>
  Object.fromEntries(
    list.filter((item) => item.key.trim() !== '').map((item) => [item.key.trim(), item.value]),
  );

/**
 * Core's defaultParamsSchema judges the names and values (against the rendering-parameter
 * catalogue); its issues name the parameter they concern, or none for the list as a whole.
 */
export function defaultParamIssues(list: readonly Row[]): ParamIssues {
  const found: ParamIssues = {};
  const result = defaultParamsSchema.safeParse(paramsOf(list));
  for (const issue of result.success ? [] : result.error.issues) {
    const name = issue.path.length > 0 ? String(issue.path[0]) : SECTION_ISSUE;
    found[name] ??= issue.message;
  }
  const keys = list.map((item) => item.key.trim()).filter(Boolean);
  const duplicate = keys.find((key, index) => keys.indexOf(key) !== index);
  if (duplicate) found[duplicate] = `${duplicate} is already in the list.`;
  return found;
}

/** Where a server error about default parameters belongs: `default_params.w` is row w's. */
export function serverIssue(field: string, message: string): ParamIssues {
  const prefix = 'default_params.';
  return { [field.startsWith(prefix) ? field.slice(prefix.length) : SECTION_ISSUE]: message };
}
