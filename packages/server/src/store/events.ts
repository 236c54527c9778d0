import type { Kysely } from 'kysely';
import type { DatabaseSchema, EventProperties } from '../db/schema.ts';
import { newId } from '../db/ids.ts';

export interface NewEvent {
  accountId: string;
  userId: string;
  name: string;
  properties: EventProperties;
}

export async function insertEvent(db: Kysely<DatabaseSchema>, event: NewEvent): Promise<void> {
  await db
    .insertInto('events')
    .values({
      id: newId(),
      account_id: event.accountId,
      user_id: event.userId,
      name: event.name,
      // Sent as JSON text so pg and PGlite store the same jsonb.
      properties: JSON.stringify(event.properties),
    })
    .execute();
}
