import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { newId } from '../db/ids.ts';
import type { DatabaseSchema, VideoGenerationRow, VideoGenerationsTable } from '../db/schema.ts';
import type { GenerativeVideoOrientation, GenerativeVideoSeconds } from '../ai/generative/index.ts';

type Db = Kysely<DatabaseSchema>;

export interface NewVideoGeneration {
  accountId: string;
  sourceId: string;
  originPath: string;
  prompt: string;
  seconds: GenerativeVideoSeconds;
  orientation: GenerativeVideoOrientation;
}

export async function insertVideoGeneration(
  db: Db,
  generation: NewVideoGeneration,
): Promise<VideoGenerationRow> {
  return db
    .insertInto('video_generations')
    .values({
      id: newId(),
      account_id: generation.accountId,
      source_id: generation.sourceId,
      origin_path: generation.originPath,
      prompt: generation.prompt,
      seconds: generation.seconds,
      orientation: generation.orientation,
      content_token: randomBytes(24).toString('base64url'),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The generation, within the account when one is given (null: any account, for the job). */
export function findVideoGeneration(
  db: Db,
  id: string,
  accountId: string | null,
): Promise<VideoGenerationRow | undefined> {
  let query = db.selectFrom('video_generations').selectAll().where('id', '=', id);
  if (accountId !== null) query = query.where('account_id', '=', accountId);
  return query.executeTakeFirst();
}

export function listVideoGenerations(
  db: Db,
  accountId: string,
  filter: { sourceId?: string; originPath?: string; limit: number },
): Promise<VideoGenerationRow[]> {
  let query = db
    .selectFrom('video_generations')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.sourceId !== undefined) query = query.where('source_id', '=', filter.sourceId);
  if (filter.originPath !== undefined) query = query.where('origin_path', '=', filter.originPath);
  return query.execute();
}

type GenerationChange = Partial<
  Pick<
    { [K in keyof VideoGenerationsTable]: VideoGenerationRow[K] },
    'status' | 'progress' | 'provider_id' | 'error' | 'failed_attempts'
  >
> & { video_bytes?: number };

export async function updateVideoGeneration(
  db: Db,
  id: string,
  change: GenerationChange,
): Promise<void> {
  await db
    .updateTable('video_generations')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}
