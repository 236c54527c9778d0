// The purge history and the subdomains held after a source is deleted (migration 0027).
import type { Selectable } from 'kysely';
import type { CreatedAt } from './columns.ts';

/** One purge an account asked for (api/purges.ts). */
export interface PurgesTable {
  id: string;
  account_id: string;
  /** No foreign key: the history outlives a deleted source, named as it was. */
  source_id: string;
  source_name: string;
  /** The user who asked; null for an API key's purge or a user since removed. */
  requested_by: string | null;
  /** Their name or email at the time, so the history still says who once they are gone. */
  requested_by_name: string | null;
  /** `url`: one image, all its parameter variants; `prefix`: every path starting with target. */
  kind: 'url' | 'prefix';
  /** The delivery URL, or the path prefix as typed (`/products/`). */
  target: string;
  status: 'done' | 'failed';
  error: string | null;
  created_at: CreatedAt;
}

/** A deleted source's subdomain, which no other account may take before `held_until`. */
export interface HeldDomainsTable {
  domain: string;
  account_id: string;
  held_until: Date;
}

export type PurgeRow = Selectable<PurgesTable>;
