import { describe, expect, it } from 'vitest';
import { METRICS, metricNamed } from './metrics.ts';
import { movingAverage } from './series.ts';
import { emptyUsageSums, type UsageSums } from './usage-sums.ts';

// Ten requests: 6 cache hits (one a 404 refusal before the cache), 3 renders and a render error.
function sampleSums(): UsageSums {
  return {
    ...emptyUsageSums(),
    requests: 10,
    bytes_out: 2_000_000,
    cache_hits: 6,
    cache_misses: 4,
    successes: 8,
    errors_4xx: 1,
    errors_5xx: 1,
    cdn_errors_4xx: 1,
    render_errors_5xx: 1,
    renders: 3,
    standard_renders: 2,
    premium_renders: 1,
    render_ms: 300,
    render_bytes: 900_000,
    origin_fetches: 4,
    origin_bytes: 4_000_000,
    origin_ms: 200,
    origin_images: 3,
  };
}

describe('metric catalogue', () => {
  it('names every metric in snake_case, once', () => {
    const names = METRICS.map((definition) => definition.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z0-9]+)*$/);
  });

  it('computes rates and averages from the sums', () => {
    const sums = sampleSums();
    const value = (name: string) => metricNamed(name)?.value(sums);
    expect(value('requests')).toBe(10);
    expect(value('bandwidth')).toBe(2_000_000);
    expect(value('delivery_success')).toBe(80);
    expect(value('average_response_time')).toBe(50);
    expect(value('fetch_time')).toBe(50);
    expect(value('render_time')).toBe(100);
    expect(value('render_requests')).toBe(4);
    expect(value('cdn_misses')).toBe(4);
    expect(value('cdn_mild_errors')).toBe(1);
    expect(value('render_severe_errors')).toBe(1);
    expect(value('origin_images')).toBe(3);
  });

  it('adds the credits of every kind into the total', () => {
    const sums = sampleSums();
    const value = (name: string) => metricNamed(name)?.value(sums) ?? Number.NaN;
    expect(value('standard_render_credits')).toBeCloseTo(2 / 500, 12);
    expect(value('premium_render_credits')).toBe(2);
    expect(value('media_delivery_credits')).toBeCloseTo(0.002, 12);
    expect(value('management_credits')).toBeCloseTo(0.003, 12);
    expect(value('total_credits')).toBeCloseTo(2 + 2 / 500 + 0.002 + 0.003, 12);
  });

  it('leaves averages of a period without traffic undefined', () => {
    expect(metricNamed('average_response_time')?.value(emptyUsageSums())).toBeNull();
    expect(metricNamed('delivery_success')?.value(emptyUsageSums())).toBeNull();
  });

  it('breaks distinct origin images down by source only', () => {
    expect(metricNamed('origin_images')?.breakdowns).toEqual(['source']);
    expect(metricNamed('requests')?.breakdowns).toContain('device');
  });
});

describe('movingAverage', () => {
  it('averages the trailing window and skips undefined values', () => {
    const points = [1, 2, null, 6].map((value, index) => ({ time: String(index), value }));
    expect(movingAverage(points, 2).map((point) => point.value)).toEqual([1, 1.5, 2, 6]);
  });
});
