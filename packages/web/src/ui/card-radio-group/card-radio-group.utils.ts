/** The option a webproxy-less account must not see (editor spec section 3). */
const WEBPROXY_VALUE = 'webproxy';

/** The options an account may pick: the webproxy one only with webproxy access. */
export function visibleOptions<T extends { value: string }>(
  options: readonly T[],
  webproxyAccess: boolean,
): readonly T[] {
  return webproxyAccess ? options : options.filter((option) => option.value !== WEBPROXY_VALUE);
}

/**
 * The enabled option an arrow key moves to from `from`, wrapping around the ends as radio
 * groups do (WAI-ARIA APG radio group).
 */
export function wrapEnabledIndex(
  options: readonly { disabled?: boolean }[],
  from: number,
  step: 1 | -1,
): number {
  const count = options.length;
  for (let k = 1; k <= count; k++) {
    const index = (((from + step * k) % count) + count) % count;
    if (options[index]?.disabled !== true) return index;
  }
  return from;
}
