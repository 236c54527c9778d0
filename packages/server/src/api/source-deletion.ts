// Deleting a source (the source page's danger zone): the database rows go in one transaction
// (store/sources.ts deleteSource), its subdomains are held for its account for a grace period
// (store/held-domains.ts), then what lives outside the database goes: its renders in every
// process and at the CDN (a purge of the whole source), its managed storage files and its
// generated videos. A failure after the commit leaves only unreachable bytes behind, logged.
import type { FastifyInstance } from 'fastify';
import type { ObjectStore } from '../storage/object-store/index.ts';
import { holdDomains, SUBDOMAIN_GRACE_MS } from '../store/held-domains.ts';
import { deleteSource } from '../store/sources.ts';
import { videoGenerationKey } from '../video-generations/files.ts';
import { requireAuth } from './authentication.ts';
import { describeRoutes } from './openapi/registry.ts';
import { loadSource, refuseDemoEdit } from './sources.ts';

/** Removes every object below `prefix` (`{sourceId}/`), folders included, page by page. */
export async function removeObjectsBelow(store: ObjectStore, prefix: string): Promise<void> {
  let cursor: string | null = null;
  do {
    const page = await store.list(prefix, cursor);
    for (const object of page.objects) await store.delete(object.key);
    for (const folder of page.folders) await removeObjectsBelow(store, folder);
    cursor = page.cursor;
  } while (cursor !== null);
}

export function sourceDeletionRoutes(app: FastifyInstance): void {
  const { database, origins, objectStore } = app.darkroom;
  const { db } = database;
  describeRoutes(app, {
    'DELETE /sources/:id': {
      summary: 'Delete a source',
      description: `Deletes the source with its assets, managed storage files, generated videos and cached renders (in every server process, and at the CDN in front when one is configured). Its subdomains are held for the account for ${SUBDOMAIN_GRACE_MS / 86_400_000} days, during which no other account can take them. Cannot be undone.`,
      tag: 'Sources',
      answer: { status: 204, mediaType: null, description: 'Deleted.' },
      errors: [403, 404],
    },
  });

  app.delete<{ Params: { id: string } }>('/sources/:id', async (request, reply) => {
    requireAuth(request);
    const source = await loadSource(app, request, 'account', request.params.id);
    refuseDemoEdit(source);
    const generations = await db
      .selectFrom('video_generations')
      .select('id')
      .where('source_id', '=', source.id)
      .execute();
    const heldUntil = new Date(Date.now() + SUBDOMAIN_GRACE_MS);
    const deleted = await deleteSource(db, source.id, (trx) =>
      holdDomains(trx, source.account_id, source.settings.darkroom_subdomains, heldUntil),
    );
    if (deleted === undefined) return reply.code(204).send();
    await app.delivery.purge(source.id, null);
    try {
      if (source.type === 'darkroom_storage') {
        await removeObjectsBelow(origins.options.managedFiles, `${source.id}/`);
      }
      for (const { id } of generations) await objectStore.delete(videoGenerationKey(id));
    } catch (error) {
      // The source is gone and nothing names these bytes any more: logged for the operator.
      request.log.error({ err: error, sourceId: source.id }, 'source deleted; files left behind');
    }
    return reply.code(204).send();
  });
}
