import { paginationMeta } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { PurgeRow, SourceRow } from '../db/schema.ts';
import { isId } from '../db/ids.ts';
import { originPath } from '../delivery/origin-path.ts';
import { listPurges, recordPurge } from '../store/purge-history.ts';
import { findSourceByHost } from '../store/source-hosts.ts';
import { findSource } from '../store/sources.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { apiError } from '../errors.ts';
import { issueErrors } from './field-errors.ts';
import { parseListQuery, type ListQueryRules } from './list-query.ts';
import { listParameters } from './openapi/list-parameters.ts';
import { requestAttributes } from './request-document.ts';
import { describeRoutes } from './openapi/registry.ts';

const URL_POINTER = '/data/attributes/url';
const SOURCE_POINTER = '/data/attributes/source_id';
const PREFIX_POINTER = '/data/attributes/prefix';
const MAX_PREFIX_LENGTH = 1024;

/** A delivery URL (http or https), as purge requests name the image. */
export const deliveryUrlSchema = z.url({
  protocol: /^https?$/,
  error: 'Enter the full delivery URL of the image, with http:// or https://.',
});

/** A path prefix as typed on the Purge screen: `/products/`, `/` for the whole source. */
const prefixSchema = z
  .string({ error: 'Enter the path prefix as text, such as /products/.' })
  .trim()
  .min(1, 'Enter the path prefix to purge, such as /products/, or / for the whole source.')
  .max(MAX_PREFIX_LENGTH, `A path prefix can be at most ${MAX_PREFIX_LENGTH} characters long.`)
  .refine((prefix) => prefix.startsWith('/'), 'Start the path prefix with /, such as /products/.');

/**
 * One image by its delivery URL, or every path of a source under a prefix. Both at once, or
 * neither, is refused: a purge names exactly one thing.
 */
const purgeAttributes = z
  .object({
    url: deliveryUrlSchema.optional(),
    source_id: z.string({ error: 'Choose the source to purge.' }).optional(),
    prefix: prefixSchema.optional(),
  })
  .superRefine((value, context) => {
    const byPrefix = value.prefix !== undefined || value.source_id !== undefined;
    if (value.url !== undefined && byPrefix) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'Purge either one URL or a path prefix of a source, not both.',
      });
    } else if (value.url === undefined && !byPrefix) {
      context.addIssue({
        code: 'custom',
        path: ['url'],
        message: 'Enter the full delivery URL of the image, or a source and a path prefix.',
      });
    } else if (byPrefix && value.source_id === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['source_id'],
        message: 'Choose the source to purge.',
      });
    } else if (byPrefix && value.prefix === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['prefix'],
        message: 'Enter the path prefix to purge, such as /products/, or / for the whole source.',
      });
    }
  });

/** What a delivery URL names: the caller's source serving its host, and the image's path. */
export interface PurgeTarget {
  source: SourceRow;
  /** The origin path, as a delivery request would carry it. */
  path: string;
}

/**
 * The source (of the caller's account) and image a delivery URL names, exactly as a delivery
 * request would read its host and path; its query is ignored. 404 for a host no source of the
 * account serves, another account's included, so a purge reveals nothing.
 */
export async function purgeTarget(
  app: FastifyInstance,
  accountId: string,
  url: URL,
): Promise<PurgeTarget> {
  const { config, database } = app.darkroom;
  const source = await findSourceByHost(database.db, url.host, config.deliveryDomain, {
    includeDisabled: true,
  });
  // Another account's source is answered like an unknown host, so purges reveal nothing.
  if (source === undefined || (source.account_id !== accountId && !source.is_demo)) {
    throw apiError('not_found', 'No source of your account is served at this URL.', {
      pointer: URL_POINTER,
    });
  }
  if (source.is_demo) throw apiError('forbidden', 'The demo source cannot be purged.');
  // The raw path, as a delivery request would carry it (URL keeps it percent-encoded).
  const path = originPath(url.pathname, source.type);
  if (!path.ok) {
    throw apiError('validation_failed', path.message, { pointer: URL_POINTER });
  }
  return { source, path: path.path };
}

/** The caller's own source a prefix purge names; 404 for any other, the demo's 403. */
async function prefixSource(app: FastifyInstance, accountId: string, id: string) {
  const source = isId(id) ? await findSource(app.darkroom.database.db, id, accountId) : undefined;
  if (source === undefined) {
    throw apiError('not_found', 'No source of your account has this id.', {
      pointer: SOURCE_POINTER,
    });
  }
  if (source.is_demo) throw apiError('forbidden', 'The demo source cannot be purged.');
  return source;
}

/**
 * The origin-path prefix delivery keys renders by (origin-path.ts: no leading slash, decoded
 * once), or null for `/`, the whole source. Web proxy paths are kept as sent.
 */
function renderPrefix(prefix: string, sourceType: string): string | null {
  const bare = prefix.replace(/^\/+/, '');
  if (bare === '') return null;
  if (sourceType === 'webproxy') return bare;
  try {
    return decodeURIComponent(bare);
  } catch {
    throw apiError('validation_failed', 'The path prefix is not validly percent-encoded.', {
      pointer: PREFIX_POINTER,
    });
  }
}

function purgeResource(row: PurgeRow) {
  return {
    type: 'purges' as const,
    id: row.id,
    attributes: {
      source_id: row.source_id,
      source_name: row.source_name,
      kind: row.kind,
      // `url` for a URL purge, as imgix's purge answers; `prefix` for a prefix purge.
      ...(row.kind === 'url' ? { url: row.target } : { prefix: row.target }),
      status: row.status,
      error: row.error,
      requested_by: row.requested_by,
      requested_by_name: row.requested_by_name,
      date_created: row.created_at.getTime(),
    },
  };
}

const PURGE_LIST_RULES: ListQueryRules<'created_at', 'source_id'> = {
  sortFields: { date_created: 'created_at' },
  defaultSort: '-date_created',
  filters: ['source_id'],
  includes: [],
};

/**
 * Runs a purge and keeps it in the account's history, done or failed (a database that could not
 * take the purge's cluster event: the caller may ask again). The failure is answered as it was.
 */
async function purgeAndRecord(
  app: FastifyInstance,
  request: FastifyRequest,
  source: SourceRow,
  what: { kind: PurgeRow['kind']; target: string },
  purge: () => Promise<void>,
): Promise<PurgeRow> {
  const auth = requireAuth(request);
  const entry = {
    accountId: auth.user.accountId,
    sourceId: source.id,
    sourceName: source.name,
    requestedBy: auth.apiKey === null ? { id: auth.user.id, name: auth.user.name } : null,
    ...what,
  };
  const { db } = app.darkroom.database;
  try {
    await purge();
  } catch (error) {
    await recordPurge(db, {
      ...entry,
      status: 'failed',
      error: 'The purge could not be recorded for every server process. Purge again.',
    }).catch((recordError: unknown) => {
      request.log.warn({ err: recordError }, 'purge history: failed purge not recorded');
    });
    throw error;
  }
  return recordPurge(db, { ...entry, status: 'done', error: null });
}

/**
 * `POST /purges` (imgix's Management API purge, and the dashboard's Purge screen): drops every
 * cached render of one image, all parameter variants included, or of every path of a source
 * under a prefix, in every process and at the CDN in front (delivery/purges.ts). A URL names the
 * source by its host, exactly as a delivery request would; its query is ignored. `GET /purges`
 * is the account's history of them, newest first.
 */
export function purgeRoutes(app: FastifyInstance): void {
  const { db } = app.darkroom.database;
  describeRoutes(app, {
    'POST /purges': {
      summary: 'Purge an image, or a path prefix of a source',
      description:
        'With `url`: drops every cached render of the image a delivery URL names, all parameter variants included; its query is ignored. With `source_id` and `prefix`: drops the renders of every path of the source starting with the prefix (`/` for the whole source). In every server process, and at the CDN in front when one is configured (by surrogate key: for a prefix, the whole source). Kept in the purge history.',
      tag: 'Purges',
      body: { resource: 'purges', attributes: purgeAttributes },
      answer: { status: 200, resource: 'purges' },
      errors: [403, 404],
    },
    'GET /purges': {
      summary: "The account's purge history",
      description: 'Who asked for each purge, when, for what, and how it went; newest first.',
      tag: 'Purges',
      query: listParameters(PURGE_LIST_RULES, { source_id: 'Only the purges of this source.' }),
      answer: { status: 200, resource: 'purges', many: true },
    },
  });

  app.post('/purges', async (request, reply) => {
    const auth = requireAuth(request);
    const parsed = purgeAttributes.safeParse(requestAttributes(request.body, 'purges'));
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const { url, source_id: sourceId, prefix } = parsed.data;
    if (url !== undefined) {
      const { source, path } = await purgeTarget(app, auth.user.accountId, new URL(url));
      const row = await purgeAndRecord(app, request, source, { kind: 'url', target: url }, () =>
        app.delivery.purge(source.id, path),
      );
      return sendData(reply, 200, purgeResource(row));
    }
    const source = await prefixSource(app, auth.user.accountId, sourceId ?? '');
    const typed = prefix ?? '/';
    const keyed = renderPrefix(typed, source.type);
    const row = await purgeAndRecord(app, request, source, { kind: 'prefix', target: typed }, () =>
      keyed === null
        ? app.delivery.purge(source.id, null)
        : app.delivery.purgePrefix(source.id, keyed),
    );
    return sendData(reply, 200, purgeResource(row));
  });

  app.get('/purges', async (request, reply) => {
    const auth = requireAuth(request);
    const query = parseListQuery(request.query as Record<string, unknown>, PURGE_LIST_RULES);
    const { rows, total } = await listPurges(
      db,
      auth.user.accountId,
      { sourceId: query.filter.source_id },
      query,
    );
    return sendData(reply, 200, rows.map(purgeResource), {
      pagination: paginationMeta(query.page, query.pageSize, total),
    });
  });
}
