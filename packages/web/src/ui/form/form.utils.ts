/** `T` with every string field (at any depth) also allowed to be null. */
export type EmptyStringsToNull<T> = T extends string
  ? T | null
  : T extends readonly (infer U)[]
    ? EmptyStringsToNull<U>[]
    : T extends object
      ? { [K in keyof T]: EmptyStringsToNull<T[K]> }
      : T;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)
  );
}

/**
 * Form values as the API wants them: a field left empty is sent as null, not as ''
 * (editor spec section 5). Nested objects and arrays are converted too.
 */
export function emptyStringsToNull<T>(values: T): EmptyStringsToNull<T> {
  const convert = (value: unknown): unknown => {
    if (value === '') return null;
    if (Array.isArray(value)) return value.map(convert);
    if (isPlainObject(value)) {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, convert(item)]));
    }
    return value;
  };
  return convert(values) as EmptyStringsToNull<T>;
}
