import type { Params } from '@darkroom/core';

/**
 * A numeric parameter as the request gave it, else its catalogue default (so `nr` alone gets
 * `nrs=20`, and `usm` gets `usmrad=2.5`), else `fallback` when the catalogue has none.
 */
export function numberOrDefault(params: Params, name: string, fallback: number): number {
  const value = params.getOrDefault(name);
  return value !== undefined && typeof value.value === 'number' ? value.value : fallback;
}
