// Device, OS and browser labels per distinct user agent, worked out in JavaScript (ua-parser-js)
// once per new string and stored, so rollups and queries join them in SQL.
import { classifyUserAgent } from '@darkroom/core';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';

const INSERT_CHUNK = 500;

/** Labels every user agent of events after `afterEventId` that has none yet. */
export async function labelNewUserAgents(
  db: Kysely<DatabaseSchema>,
  afterEventId: number,
): Promise<number> {
  const unseen = await sql<{ user_agent: string }>`
    select distinct e.user_agent from usage_events e
    where e.id > ${afterEventId} and e.user_agent is not null
      and not exists (select 1 from user_agent_labels l where l.user_agent = e.user_agent)`.execute(
    db,
  );
  const rows = unseen.rows.map(({ user_agent }) => ({
    user_agent,
    ...classifyUserAgent(user_agent),
  }));
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('user_agent_labels')
      .values(rows.slice(start, start + INSERT_CHUNK))
      // Another process may label the same new string at the same time: the labels are equal.
      .onConflict((conflict) => conflict.column('user_agent').doNothing())
      .execute();
  }
  return rows.length;
}
