/** A value at a time (ISO 8601), as charts plot it. */
export interface TimedValue {
  time: string;
  value: number | null;
}

/**
 * The trailing average over `window` points, skipping undefined values; the first points
 * average what precedes them, so the line starts with the series instead of `window` late.
 */
export function movingAverage(points: readonly TimedValue[], window: number): TimedValue[] {
  return points.map((point, index) => {
    const values = points
      .slice(Math.max(0, index - window + 1), index + 1)
      .flatMap((previous) => (previous.value === null ? [] : [previous.value]));
    const sum = values.reduce((total, value) => total + value, 0);
    return { time: point.time, value: values.length === 0 ? null : sum / values.length };
  });
}
