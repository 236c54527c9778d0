import type { ColumnType, Selectable } from 'kysely';
import type { CreatedAt, NullableTimestamp } from './columns.ts';

/** What an upload session is in: imgix's statuses (migration 0021). */
export type UploadSessionStatus = 'PENDING' | 'COMPLETE' | 'CANCELED';

/** imgix's upload sessions for managed storage sources (migration 0021). */
export interface UploadSessionsTable {
  id: string;
  source_id: string;
  account_id: string;
  /** The user (or the user behind the API key) who opened it. */
  created_by: string;
  /** Where the file goes, starting with '/'. */
  origin_path: string;
  /** sha256 of the secret in the upload URL; the secret itself is never stored. */
  secret_hash: string;
  status: ColumnType<UploadSessionStatus, UploadSessionStatus, UploadSessionStatus>;
  /** Opened with ?overwrite=true: may replace a file at its path. */
  overwrite: ColumnType<boolean, boolean | undefined, boolean>;
  file_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  content_type: ColumnType<string | null, string | null | undefined, string | null>;
  uploaded_at: NullableTimestamp;
  expires_at: ColumnType<Date, Date, Date>;
  created_at: CreatedAt;
}

export type UploadSessionRow = Selectable<UploadSessionsTable>;
