/** The values of a comma-separated query parameter, without blanks. */
export function parseListParam(raw: string | null): string[] {
  if (raw === null) return [];
  return raw
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** Checking appends the value (once); unchecking removes it (editor spec section 5). */
export function toggleListValue(
  list: readonly string[],
  value: string,
  checked: boolean,
): string[] {
  if (checked) return list.includes(value) ? [...list] : [...list, value];
  return list.filter((item) => item !== value);
}

/**
 * The query string with `param` set to the comma-separated list, or without `param` when the
 * list is empty.
 */
export function withListParam(
  params: URLSearchParams,
  param: string,
  list: readonly string[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (list.length === 0) next.delete(param);
  else next.set(param, list.join(','));
  return next;
}
