// Purges (docs/ARCHITECTURE.md, "How it scales"): a purge reaches the renders of every process
// sharing the database and the CDN in front of them. The process that receives one (an API purge,
// an asset refresh, an overwriting upload) drops its own renders and the render jobs' renders in
// the object store, records the purge as a cluster event, which the other processes apply to
// their own caches within moments (cluster-events/), then sends it to the CDN by surrogate key,
// once. The CDN comes last to narrow the time it could fetch an old render again from a process
// that has not applied the event yet. A process's disk renders outlive it: the id of the last
// event applied to them is kept beside them, and a process started again on them applies the
// purges it was not there to hear.
import type { ClusterEvents, ClusterEventSubscriber } from '../cluster-events/cluster-events.ts';
import type { PurgeEvent, ReceivedEvent } from '../cluster-events/events.ts';
import type { CdnPurger } from '../cdn/cdn-purger.ts';
import { purgeSurrogateKey } from '../cdn/surrogate-keys.ts';
import { pathHash } from './cached-render.ts';
import type { RenderCaches } from './render-caches.ts';

/** The renders render jobs leave for every process (shared-renders.ts). */
interface SharedRenderStore {
  purge(sourceId: string, pathHash: string | null): Promise<void>;
}

export interface PurgeParts {
  caches: RenderCaches;
  shared: SharedRenderStore | null;
  events: ClusterEvents;
  /** The CDN in front (CDN_PURGE_*); null when none is configured. */
  cdn: CdnPurger | null;
}

function isPrefix(event: PurgeEvent): event is PurgeEvent & { path: string } {
  return event.kind === 'purge-prefix' && event.path !== null;
}

/** Drops this process's renders that `event` names. */
function purgeOwn(caches: RenderCaches, event: PurgeEvent): Promise<void> {
  return isPrefix(event)
    ? caches.purgePrefix(event.sourceId, event.path)
    : caches.purge(event.sourceId, event.path);
}

export class RenderPurges implements ClusterEventSubscriber {
  readonly #parts: PurgeParts;

  constructor(parts: PurgeParts) {
    this.#parts = parts;
  }

  /**
   * A purge this process received. Its own renders go before the event is recorded, so the id
   * its disk renders are known to reflect never passes a purge they still hold. When the
   * database cannot take the event the caller is told so (and may purge again).
   */
  async purge(event: PurgeEvent): Promise<void> {
    const { caches, shared, events, cdn } = this.#parts;
    // A prefix names no one path: the shared renders (named by path hash) and the CDN (by
    // surrogate key) drop the whole source's, which for caches is only more work later.
    const hash = event.path === null || isPrefix(event) ? null : pathHash(event.path);
    await purgeOwn(caches, event);
    // The shared renders go before the event: a process that applied it and then misses must not
    // copy the old render back from the object store.
    await shared?.purge(event.sourceId, hash);
    await events.publish(event);
    await cdn?.purge([purgeSurrogateKey(event.sourceId, hash)]);
  }

  /** A purge another process received: this process's own renders only. */
  async apply(event: ReceivedEvent): Promise<void> {
    if (event.kind === 'source-change') return;
    await purgeOwn(this.#parts.caches, event);
  }

  /** Purges may have been missed (cluster-events/): none of the renders held can be trusted. */
  async missed(): Promise<void> {
    await this.#parts.caches.purgeAll();
  }

  /** Where the disk renders' events stand (ClusterEvents.start's `resumeAfter`). */
  resumeAfter(): Promise<number | null | undefined> {
    return this.#parts.caches.eventCursor();
  }

  /** Every event up to `lastId` is applied: kept with the disk renders for a later start. */
  async caughtUp(lastId: number): Promise<void> {
    await this.#parts.caches.saveEventCursor(lastId);
  }
}
