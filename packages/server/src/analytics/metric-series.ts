// One metric of spec platform section 3, 'Analytics metrics', over a period: its points per bucket
// (and breakdown group), its total over the whole period, and the moving average and previous month
// where the catalogue gives the metric those.
import {
  emptyUsageSums,
  movingAverage,
  MOVING_AVERAGE_POINTS,
  MONTH,
  USAGE_SUM_NAMES,
  type Breakdown,
  type MetricDefinition,
  type TimedValue,
  type UsageSums,
} from '@darkroom/core';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { rollupWatermark } from './rollup.ts';
import { addBuckets, bucketRange, ceilTo, floorTo, type Granularity } from './time-buckets.ts';
import {
  readGroupSums,
  readTop,
  type GroupSums,
  type TopRow,
  type UsageScope,
} from './usage-reads.ts';

export interface SeriesRequest {
  accountId: string;
  sourceId: string | null;
  start: Date;
  end: Date;
  granularity: Granularity;
  breakdown: Breakdown | null;
}

interface SeriesPoint extends TimedValue {
  group?: string;
}

export interface MetricSeries {
  points: SeriesPoint[];
  total: number | null;
  /** Per breakdown group over the whole period, largest first. */
  groups?: { group: string; value: number | null }[];
  movingAverage?: TimedValue[];
  previousMonth?: TimedValue[];
}

function addSums(into: UsageSums, more: UsageSums): void {
  for (const name of USAGE_SUM_NAMES) into[name] += more[name];
  into.origin_images += more.origin_images;
}

/** Rounds away float noise (0.1 + 0.2) without losing what a chart or a credit shows. */
function tidy(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1e6) / 1e6;
}

function scopeOf(request: SeriesRequest, start: Date, end: Date, watermark: number): UsageScope {
  return {
    watermark,
    accountId: request.accountId,
    sourceId: request.sourceId,
    start: floorTo(start, request.granularity),
    // Whole buckets: the aggregates cannot split one.
    end: ceilTo(end, request.granularity),
    granularity: request.granularity,
  };
}

/** One value per bucket, buckets without traffic included. */
function filledPoints(
  metric: MetricDefinition,
  buckets: readonly Date[],
  rows: readonly GroupSums[],
): TimedValue[] {
  const byTime = new Map(rows.map((row) => [row.time?.getTime(), row.sums]));
  return buckets.map((bucket) => ({
    time: bucket.toISOString(),
    value: tidy(metric.value(byTime.get(bucket.getTime()) ?? emptyUsageSums())),
  }));
}

/** The period 30 days earlier (spec section 9 month), or the calendar month before. */
function previousPeriod(request: SeriesRequest): { start: Date; end: Date } {
  if (request.granularity === 'month') {
    return {
      start: addBuckets(floorTo(request.start, 'month'), 'month', -1),
      end: addBuckets(request.end, 'month', -1),
    };
  }
  return {
    start: new Date(request.start.getTime() - MONTH),
    end: new Date(request.end.getTime() - MONTH),
  };
}

/** Reads one metric; `db` sees one snapshot for all of its reads (repeatable read). */
export async function metricSeries(
  db: Kysely<DatabaseSchema>,
  metric: MetricDefinition,
  request: SeriesRequest,
): Promise<MetricSeries> {
  const originImages = metric.needsOriginImages;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const watermark = await rollupWatermark(trx);
      const scope = scopeOf(request, request.start, request.end, watermark);
      const buckets = bucketRange(scope.start, scope.end, request.granularity);
      const perBucket = await readGroupSums(trx, scope, request.breakdown, {
        perBucket: true,
        originImages,
      });
      const whole = await readGroupSums(trx, scope, request.breakdown, {
        perBucket: false,
        originImages,
      });
      // Groups never share an origin image (only sources break it down), so they add up.
      const totalSums = emptyUsageSums();
      for (const row of whole) addSums(totalSums, row.sums);
      const total = tidy(metric.value(totalSums));

      if (request.breakdown !== null) {
        return {
          points: perBucket.map((row) => ({
            time: (row.time ?? scope.start).toISOString(),
            value: tidy(metric.value(row.sums)),
            group: row.group,
          })),
          total,
          groups: whole
            .map((row) => ({ group: row.group, value: tidy(metric.value(row.sums)) }))
            .sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || a.group.localeCompare(b.group)),
        };
      }

      const points = filledPoints(metric, buckets, perBucket);
      const series: MetricSeries = { points, total };
      if (metric.movingAverage) {
        series.movingAverage = movingAverage(points, MOVING_AVERAGE_POINTS).map((point) => ({
          time: point.time,
          value: tidy(point.value),
        }));
      }
      if (metric.previousMonth) {
        const previous = previousPeriod(request);
        const previousScope = scopeOf(request, previous.start, previous.end, watermark);
        const previousBuckets = bucketRange(
          previousScope.start,
          previousScope.end,
          request.granularity,
        );
        const previousRows = await readGroupSums(trx, previousScope, null, {
          perBucket: true,
          originImages,
        });
        const values = filledPoints(metric, previousBuckets, previousRows);
        // Plotted against the current buckets, point for point.
        series.previousMonth = points.map((point, index) => ({
          time: point.time,
          value: values[index]?.value ?? null,
        }));
      }
      return series;
    });
}

/** The most requested origin paths or referrer hosts of the period, in whole UTC days. */
export async function topValues(
  db: Kysely<DatabaseSchema>,
  request: Omit<SeriesRequest, 'breakdown'>,
  dimension: 'asset' | 'referrer',
  limit: number,
): Promise<TopRow[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const scope: UsageScope = {
        accountId: request.accountId,
        sourceId: request.sourceId,
        start: floorTo(request.start, 'day'),
        end: ceilTo(request.end, 'day'),
        granularity: 'day',
        watermark: await rollupWatermark(trx),
      };
      return readTop(trx, scope, dimension, limit);
    });
}
