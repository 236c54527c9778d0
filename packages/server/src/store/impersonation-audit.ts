import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.ts';
import { newId } from '../db/ids.ts';

export interface AuditEntry {
  sessionId: string;
  adminUserId: string;
  impersonatedUserId: string;
  method: string;
  path: string;
  status: number;
}

export async function insertAuditEntry(
  db: Kysely<DatabaseSchema>,
  entry: AuditEntry,
): Promise<void> {
  await db
    .insertInto('impersonation_audit')
    .values({
      id: newId(),
      session_id: entry.sessionId,
      admin_user_id: entry.adminUserId,
      impersonated_user_id: entry.impersonatedUserId,
      method: entry.method,
      path: entry.path,
      status: entry.status,
    })
    .execute();
}
