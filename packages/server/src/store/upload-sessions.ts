// imgix's upload sessions for managed storage (the upload_sessions table, migration 0021): opened
// for one file at one path, the file sent to a URL whose secret only its sha256 here recognises,
// then closed. api/v1/upload-sessions.ts answers imgix's routes from these.
import type { Kysely } from 'kysely';
import { hashToken, newToken } from '../auth/tokens.ts';
import type { DatabaseSchema, UploadSessionRow } from '../db/schema.ts';
import { newId } from '../db/ids.ts';

/** Prefix of the secret in an upload URL, so a leaked one is recognisable. */
const SECRET_PREFIX = 'drk_upload_';

type Db = Kysely<DatabaseSchema>;

export interface NewUploadSession {
  sourceId: string;
  accountId: string;
  createdBy: string;
  originPath: string;
  overwrite: boolean;
  expiresAt: Date;
}

/** Opens a session; the secret of its upload URL is returned once and kept nowhere. */
export async function openUploadSession(
  db: Db,
  values: NewUploadSession,
): Promise<{ row: UploadSessionRow; secret: string }> {
  const secret = newToken(SECRET_PREFIX);
  const row = await db
    .insertInto('upload_sessions')
    .values({
      id: newId(),
      source_id: values.sourceId,
      account_id: values.accountId,
      created_by: values.createdBy,
      origin_path: values.originPath,
      secret_hash: hashToken(secret),
      status: 'PENDING',
      overwrite: values.overwrite,
      expires_at: values.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, secret };
}

/** A session of a source by id. */
export function findUploadSession(
  db: Db,
  sourceId: string,
  id: string,
): Promise<UploadSessionRow | undefined> {
  return db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

/** The session an upload URL's secret opens, whatever its state; undefined for a wrong secret. */
export function findUploadSessionBySecret(
  db: Db,
  id: string,
  secret: string,
): Promise<UploadSessionRow | undefined> {
  return db
    .selectFrom('upload_sessions')
    .selectAll()
    .where('id', '=', id)
    .where('secret_hash', '=', hashToken(secret))
    .executeTakeFirst();
}

/** Records that the session's file arrived whole. */
export function recordSessionFile(
  db: Db,
  id: string,
  file: { size: number | null; contentType: string },
): Promise<UploadSessionRow> {
  return db
    .updateTable('upload_sessions')
    .set({ file_size: file.size, content_type: file.contentType, uploaded_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Closes a session whose file arrived. */
export function completeUploadSession(db: Db, id: string): Promise<UploadSessionRow> {
  return db
    .updateTable('upload_sessions')
    .set({ status: 'COMPLETE' })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
