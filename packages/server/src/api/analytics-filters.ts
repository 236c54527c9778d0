// The filters of the analytics API, read from the query string. Mistakes are 400
// invalid_parameter errors naming the parameter, as the list routes answer them.
import { BREAKDOWNS, DAY, type Breakdown, type MetricDefinition } from '@darkroom/core';
import { bucketRange, GRANULARITIES, type Granularity } from '../analytics/time-buckets.ts';
import { apiError } from '../errors.ts';
import { z } from 'zod';
import { refuseListParameters } from './list-query.ts';
import type { QueryParameterDoc } from './openapi/operation-doc.ts';

export interface AnalyticsFilters {
  sourceId: string | null;
  start: Date;
  end: Date;
  granularity: Granularity;
  breakdown: Breakdown | null;
}

/** Without filter[start] and filter[end]: the last 30 days. */
const DEFAULT_PERIOD_MS = 30 * DAY;
/** More points than a chart can show: a year by the hour is 8,760. */
const MAX_BUCKETS = 1500;

const ISO_8601 =
  /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

type Query = Record<string, unknown>;

function invalid(parameter: string, detail: string) {
  return apiError('invalid_parameter', detail, { parameter });
}

function single(query: Query, parameter: string): string | undefined {
  const value = query[parameter];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(parameter, `Give ${parameter} once.`);
  return value;
}

function instant(query: Query, parameter: string): Date | undefined {
  const raw = single(query, parameter);
  if (raw === undefined) return undefined;
  // A date alone is midnight UTC, as Date.parse reads it; a time without offset is UTC too.
  const utc = /T[^Z+-]*$/.test(raw) ? `${raw}Z` : raw;
  const date = ISO_8601.test(raw) ? new Date(utc) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    throw invalid(
      parameter,
      `${parameter} must be an ISO 8601 date or time, such as 2026-11-01T00:00:00Z.`,
    );
  }
  // Year 0000 matches the pattern but names no year PostgreSQL knows; no usage predates 1970.
  const year = date.getUTCFullYear();
  if (year < 1970 || year > 9999) {
    throw invalid(parameter, `${parameter} must be a time from the year 1970 to 9999.`);
  }
  return date;
}

function oneOf<T extends string>(
  query: Query,
  parameter: string,
  allowed: readonly T[],
): T | undefined {
  const raw = single(query, parameter);
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw)) {
    throw invalid(parameter, `${parameter} must be one of: ${allowed.join(', ')}.`);
  }
  return raw as T;
}

/** The filters parseAnalyticsFilters reads, for the API reference. */
export function analyticsFilterParameters(withBreakdown: boolean): QueryParameterDoc[] {
  return [
    {
      name: 'filter[source_id]',
      description: 'Only the traffic of this source of the account.',
      schema: z.string(),
    },
    {
      name: 'filter[start]',
      description:
        "The period's start, ISO 8601 (a date alone is midnight UTC); by default 30 days before its end.",
      schema: z.string(),
    },
    {
      name: 'filter[end]',
      description: "The period's end, ISO 8601; by default now.",
      schema: z.string(),
    },
    {
      name: 'filter[granularity]',
      description: `The time each point covers; a period holds at most ${MAX_BUCKETS} of them.`,
      schema: z.enum(GRANULARITIES).default('day'),
    },
    ...(withBreakdown
      ? [
          {
            name: 'filter[breakdown]',
            description: 'Splits each point by this dimension, where the metric allows it.',
            schema: z.enum(BREAKDOWNS),
          },
        ]
      : []),
  ];
}

/** Reads source, period, granularity and (when the metric is given) breakdown. */
export function parseAnalyticsFilters(
  query: Query,
  metric: MetricDefinition | null,
  now = new Date(),
): AnalyticsFilters {
  // Sorts, includes and any filter[...] but these are refused, so a typo is not ignored.
  refuseListParameters(query, [
    'source_id',
    'start',
    'end',
    'granularity',
    ...(metric === null ? [] : ['breakdown']),
  ]);
  const end = instant(query, 'filter[end]') ?? now;
  const start = instant(query, 'filter[start]') ?? new Date(end.getTime() - DEFAULT_PERIOD_MS);
  if (start >= end) throw invalid('filter[start]', 'filter[start] must be before filter[end].');
  const granularity = oneOf(query, 'filter[granularity]', GRANULARITIES) ?? 'day';
  if (bucketRange(start, end, granularity).length > MAX_BUCKETS) {
    throw invalid(
      'filter[granularity]',
      `The period holds more than ${MAX_BUCKETS} ${granularity}s: choose a coarser granularity or a shorter period.`,
    );
  }
  const breakdown = metric === null ? undefined : oneOf(query, 'filter[breakdown]', BREAKDOWNS);
  if (breakdown !== undefined && metric !== null && !metric.breakdowns.includes(breakdown)) {
    throw invalid(
      'filter[breakdown]',
      `${metric.name} can be broken down by ${metric.breakdowns.join(', ')} only.`,
    );
  }
  return {
    sourceId: single(query, 'filter[source_id]') ?? null,
    start,
    end,
    granularity,
    breakdown: breakdown ?? null,
  };
}
