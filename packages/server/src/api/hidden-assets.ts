// The source setting "Stop delivering hidden images" (delivery/hidden-assets.ts), and what
// keeps delivery's copy of the hidden paths current: turning it on or off, and hiding or
// showing an asset while it is on, announce a source change to every process, and a path that
// stops being delivered is purged (the CDN in front may hold it).
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AssetRow, SourceRow } from '../db/schema.ts';
import { deliveryPathOf } from '../delivery/hidden-assets.ts';
import { announceSourceChange } from '../store/sources.ts';
import { requireAuth } from './authentication.ts';
import { sendData } from './documents.ts';
import { issueErrors } from './field-errors.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';
import { loadSource, refuseDemoEdit } from './sources.ts';

const hiddenAssetsAttributes = z.strictObject(
  {
    stop_delivering: z.boolean({ error: 'stop_delivering must be true or false.' }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'Only stop_delivering can be changed.' : undefined,
  },
);

async function hiddenAssetsResource(app: FastifyInstance, source: SourceRow) {
  const { count } = await app.darkroom.database.db
    .selectFrom('assets')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('source_id', '=', source.id)
    .where('hidden', '=', true)
    .executeTakeFirstOrThrow();
  return {
    type: 'hidden_assets' as const,
    id: source.id,
    attributes: { stop_delivering: source.stop_delivering_hidden, hidden_count: count },
  };
}

/** Purges the hidden paths of a source, which delivery stops answering with their images. */
async function purgeHiddenPaths(app: FastifyInstance, sourceId: string): Promise<void> {
  const rows = await app.darkroom.database.db
    .selectFrom('assets')
    .select('origin_path')
    .where('source_id', '=', sourceId)
    .where('hidden', '=', true)
    .execute();
  for (const { origin_path: path } of rows) {
    await app.delivery.purge(sourceId, deliveryPathOf(path));
  }
}

/**
 * After an asset's visibility changed (PATCH /assets/{sourceId}/{path}): with the setting on,
 * every process reads the hidden paths again, and a newly hidden path is purged.
 */
export async function afterVisibilityChange(
  app: FastifyInstance,
  source: SourceRow,
  before: AssetRow,
  after: AssetRow,
): Promise<void> {
  if (!source.stop_delivering_hidden || before.hidden === after.hidden) return;
  await announceSourceChange(app.darkroom.database.db, source.id);
  if (after.hidden) await app.delivery.purge(source.id, deliveryPathOf(after.origin_path));
}

export function hiddenAssetRoutes(app: FastifyInstance): void {
  const { db } = app.darkroom.database;
  describeRoutes(app, {
    'GET /sources/:id/hidden-assets': {
      summary: 'Whether a source delivers its hidden assets',
      description:
        'How many assets of the source are hidden, and whether delivery answers 404 for their paths.',
      tag: 'Sources',
      answer: { status: 200, resource: 'hidden_assets' },
      errors: [404],
    },
    'PATCH /sources/:id/hidden-assets': {
      summary: 'Stop (or resume) delivering hidden assets',
      description:
        'With stop_delivering on, delivery answers 404 for the paths of the hidden assets of the source, in every server process, and purges them at the CDN in front.',
      tag: 'Sources',
      body: { resource: 'hidden_assets', attributes: hiddenAssetsAttributes },
      answer: { status: 200, resource: 'hidden_assets' },
      errors: [403, 404],
    },
  });

  app.get<{ Params: { id: string } }>('/sources/:id/hidden-assets', async (request, reply) => {
    requireAuth(request);
    const source = await loadSource(app, request, 'account', request.params.id);
    return sendData(reply, 200, await hiddenAssetsResource(app, source));
  });

  app.patch<{ Params: { id: string } }>('/sources/:id/hidden-assets', async (request, reply) => {
    requireAuth(request);
    const source = await loadSource(app, request, 'account', request.params.id);
    refuseDemoEdit(source);
    const parsed = hiddenAssetsAttributes.safeParse(
      requestAttributes(request.body, 'hidden_assets'),
    );
    if (!parsed.success) throw issueErrors(parsed.error.issues);
    const stop = parsed.data.stop_delivering;
    const updated = await db
      .updateTable('sources')
      .set({ stop_delivering_hidden: stop, updated_at: new Date() })
      .where('id', '=', source.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (stop !== source.stop_delivering_hidden) {
      await announceSourceChange(db, source.id);
      if (stop) await purgeHiddenPaths(app, source.id);
    }
    return sendData(reply, 200, await hiddenAssetsResource(app, updated));
  });
}
