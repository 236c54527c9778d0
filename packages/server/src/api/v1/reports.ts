// imgix's reports (docs.imgix.com/apis/management/reports): daily files of an account's usage,
// "retained for 90 days", listed with `completed`, `files` (download URLs), `period_start`,
// `period_end` (Unix timestamps), `report_key` (e.g. source_analytics_20201130) and
// `report_type`. Darkroom writes two of imgix's types from the usage the analytics API reads
// (analytics/metric-series.ts): `image_analytics` (requests and bandwidth per origin image) and
// `source_analytics` (the same per source), one report per type and UTC day, today's not yet
// completed. imgix's `cdn_logs` and `mild_errors` are not produced: filtering by them lists none.
import { DAY } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { topValues } from '../../analytics/metric-series.ts';
import { apiError } from '../../errors.ts';
import { findSource } from '../../store/sources.ts';
import { settleUsage } from '../analytics.ts';
import { requireAuth } from '../authentication.ts';
import { sendData } from '../documents.ts';
import { booleanFilter } from '../list-query.ts';
import { describeRoutes } from '../openapi/registry.ts';
import {
  codeList,
  listParameterDocs,
  listQuerySchema,
  parseListParameters,
  parseQuery,
  queryParameterDocs,
  zeroBasedPagination,
  type ListRules,
} from './list-parameters.ts';
import { MANAGEMENT_API_PREFIX } from './prefix.ts';

const REPORT_TYPES = ['image_analytics', 'source_analytics'] as const;
type ReportType = (typeof REPORT_TYPES)[number];

/** imgix's other report types, which Darkroom does not write. */
const UNWRITTEN_TYPES = new Set(['cdn_logs', 'mild_errors']);

/** imgix: reports "are retained for 90 days after being finalized". */
const RETAINED_DAYS = 90;
/** Rows of one report file; past this the busiest rows are kept. */
const MAX_ROWS = 100_000;

const REPORT_SORTS = ['period_end', 'period_start', 'report_key', 'report_type'] as const;
type ReportSort = (typeof REPORT_SORTS)[number];
const REPORT_FILTERS = ['completed', 'report_type'] as const;
type ReportFilter = (typeof REPORT_FILTERS)[number];

const LIST_RULES: ListRules<ReportSort, ReportFilter> = {
  sorts: REPORT_SORTS,
  defaultSort: [{ field: 'period_start', descending: true }],
  filters: REPORT_FILTERS,
};

/** The query of `GET /reports`. */
export const reportListQuerySchema = listQuerySchema(LIST_RULES);

/** `GET /reports/:reportId` and its file take no parameters. */
export const reportQuerySchema = z.strictObject({});

interface Report {
  key: string;
  type: ReportType;
  /** Midnight UTC of its day. */
  start: Date;
  end: Date;
}

function dayStamp(day: Date): string {
  return day.toISOString().slice(0, 10).replaceAll('-', '');
}

function startOfDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY) * DAY);
}

/** The reports there are: each type for each of the days kept (today's included). */
function reportsOf(days: number, now: Date): Report[] {
  const today = startOfDay(now);
  const reports: Report[] = [];
  for (let offset = 0; offset < days; offset += 1) {
    const start = new Date(today.getTime() - offset * DAY);
    const end = new Date(start.getTime() + DAY);
    for (const type of REPORT_TYPES) {
      reports.push({ key: `${type}_${dayStamp(start)}`, type, start, end });
    }
  }
  return reports;
}

function compareBy(field: ReportSort) {
  return (a: Report, b: Report): number => {
    switch (field) {
      case 'period_start':
        return a.start.getTime() - b.start.getTime();
      case 'period_end':
        return a.end.getTime() - b.end.getTime();
      case 'report_key':
        return a.key.localeCompare(b.key);
      case 'report_type':
        return a.type.localeCompare(b.type);
    }
  };
}

/** A CSV field, quoted when needed; a leading = + - @ is defused for spreadsheets (OWASP). */
function csvField(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : value;
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csv(rows: readonly (readonly (string | number)[])[]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

export function managementReportRoutes(app: FastifyInstance): void {
  const { config, database } = app.darkroom;
  const { db } = database;
  const days = Math.max(1, Math.min(RETAINED_DAYS, config.usageRetentionDays));

  const reportParam = {
    reportId: "The report's key, such as `source_analytics_20240131`: its type and UTC day.",
  };
  describeRoutes(app, {
    'GET /reports': {
      summary: 'List reports',
      description: [
        `Daily reports of the account's usage, one of each type per UTC day, kept for the last ${RETAINED_DAYS} days as imgix keeps them (fewer when Darkroom keeps usage events for fewer: \`USAGE_RETENTION_DAYS\`). Today's reports are not yet \`completed\`. Each report's \`files\` holds the download URL of its CSV file; \`period_start\` and \`period_end\` are Unix seconds.`,
        `Darkroom writes two of imgix's report types, from the usage its analytics reads: \`image_analytics\` (requests and bandwidth per origin image) and \`source_analytics\` (the same per source). imgix's ${codeList([...UNWRITTEN_TYPES])} are not written: filtering by them lists none. Pages are counted from 0, as imgix counts them.`,
      ].join('\n\n'),
      tag: 'Reports',
      query: listParameterDocs(LIST_RULES, reportListQuerySchema, {
        completed: "`true` or `false`: only the reports of days that have ended, or only today's.",
        report_type: `Only the reports of this type: ${codeList([...REPORT_TYPES, ...UNWRITTEN_TYPES])}.`,
      }),
      answer: { status: 200, resource: 'reports', many: true },
    },
    'GET /reports/:reportId': {
      summary: 'Get a report',
      tag: 'Reports',
      params: reportParam,
      query: queryParameterDocs(reportQuerySchema, {}),
      answer: { status: 200, resource: 'reports' },
    },
    'GET /reports/:reportId/files/:fileName': {
      summary: "Download a report's file",
      description: `The CSV file a report's \`files\` names, with a header row and CRLF line ends, made from the usage recorded for the report's day: \`image_analytics\` rows are \`source_id,origin_path,requests,bandwidth\`, \`source_analytics\` rows \`source_id,source_name,requests,bandwidth\`; bandwidth in bytes, counted over the day's ${MAX_ROWS} busiest images at most. A field starting with \`=\`, \`+\`, \`-\` or \`@\` is prefixed with \`'\`, so spreadsheets do not run it as a formula.`,
      tag: 'Reports',
      params: { ...reportParam, fileName: "`<report key>.csv`, as the report's `files` names it." },
      query: queryParameterDocs(reportQuerySchema, {}),
      answer: {
        status: 200,
        mediaType: 'text/csv',
        description: 'The report, as a CSV attachment named after it.',
        schema: z.string(),
      },
    },
  });

  function resourceOf(report: Report, now: Date) {
    return {
      type: 'reports',
      id: report.key,
      attributes: {
        completed: report.end.getTime() <= now.getTime(),
        files: [
          `${config.publicUrl}${MANAGEMENT_API_PREFIX}/reports/${report.key}/files/${report.key}.csv`,
        ],
        period_start: Math.floor(report.start.getTime() / 1000),
        period_end: Math.floor(report.end.getTime() / 1000),
        report_key: report.key,
        report_type: report.type,
      },
    };
  }

  function findReport(request: FastifyRequest<{ Params: { reportId: string } }>): Report {
    const report = reportsOf(days, new Date()).find((item) => item.key === request.params.reportId);
    if (report === undefined) throw apiError('not_found', 'No report has this id.');
    return report;
  }

  app.get('/reports', async (request, reply) => {
    requireAuth(request);
    const parameters = parseListParameters(
      LIST_RULES,
      reportListQuerySchema,
      request.query as Record<string, unknown>,
    );
    const now = new Date();
    const completed = booleanFilter(parameters.filter.completed, 'filter[completed]');
    const type = parameters.filter.report_type;
    if (type !== undefined && !UNWRITTEN_TYPES.has(type) && !REPORT_TYPES.some((t) => t === type)) {
      throw apiError(
        'invalid_parameter',
        `filter[report_type] is one of ${[...REPORT_TYPES, ...UNWRITTEN_TYPES].join(', ')}.`,
        { parameter: 'filter[report_type]' },
      );
    }
    const reports = reportsOf(days, now)
      .filter((report) => type === undefined || report.type === type)
      .filter(
        (report) => completed === undefined || report.end.getTime() <= now.getTime() === completed,
      )
      .sort((a, b) => {
        for (const { field, descending } of parameters.sort) {
          const order = compareBy(field)(a, b);
          if (order !== 0) return descending ? -order : order;
        }
        return a.key.localeCompare(b.key);
      });
    const first = parameters.page * parameters.pageSize;
    const page = reports.slice(first, first + parameters.pageSize);
    return sendData(
      reply,
      200,
      page.map((report) => resourceOf(report, now)),
      { pagination: zeroBasedPagination(parameters.page, parameters.pageSize, reports.length) },
    );
  });

  app.get<{ Params: { reportId: string } }>('/reports/:reportId', async (request, reply) => {
    requireAuth(request);
    parseQuery(reportQuerySchema, request.query as Record<string, unknown>);
    return sendData(reply, 200, resourceOf(findReport(request), new Date()));
  });

  app.get<{ Params: { reportId: string; fileName: string } }>(
    '/reports/:reportId/files/:fileName',
    async (request, reply) => {
      const auth = requireAuth(request);
      parseQuery(reportQuerySchema, request.query as Record<string, unknown>);
      const report = findReport(request);
      if (request.params.fileName !== `${report.key}.csv`) {
        throw apiError('not_found', 'This report has no file of this name.');
      }
      await settleUsage(app);
      const accountId = auth.user.accountId;
      const rows = await topValues(
        db,
        { accountId, sourceId: null, start: report.start, end: report.end, granularity: 'day' },
        'asset',
        MAX_ROWS,
      );
      let body: string;
      if (report.type === 'image_analytics') {
        body = csv([
          ['source_id', 'origin_path', 'requests', 'bandwidth'],
          ...rows.map((row) => [row.sourceId, row.value, row.requests, row.bytesOut]),
        ]);
      } else {
        const totals = new Map<string, { requests: number; bandwidth: number }>();
        for (const row of rows) {
          const total = totals.get(row.sourceId) ?? { requests: 0, bandwidth: 0 };
          total.requests += row.requests;
          total.bandwidth += row.bytesOut;
          totals.set(row.sourceId, total);
        }
        const names = new Map<string, string>();
        for (const sourceId of totals.keys()) {
          const source = await findSource(db, sourceId, accountId);
          if (source !== undefined) names.set(sourceId, source.name);
        }
        body = csv([
          ['source_id', 'source_name', 'requests', 'bandwidth'],
          ...[...totals].map(([sourceId, total]) => [
            sourceId,
            names.get(sourceId) ?? '',
            total.requests,
            total.bandwidth,
          ]),
        ]);
      }
      return reply
        .code(200)
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.key}.csv"`)
        .send(body);
    },
  );
}
