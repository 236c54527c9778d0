// Generative image-to-video requests (video-generations/).
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { CreatedAt, Timestamp } from './columns.ts';

/** Generative image-to-video requests (migration 0015, video-generations/). */
export interface VideoGenerationsTable {
  id: string;
  account_id: string;
  source_id: string;
  origin_path: string;
  prompt: string;
  seconds: number;
  orientation: 'landscape' | 'portrait';
  status: Generated<VideoGenerationStatus>;
  progress: Generated<number>;
  provider_id: string | null;
  error: string | null;
  failed_attempts: Generated<number>;
  video_bytes: ColumnType<string | number | null, number | null | undefined, number | null>;
  content_token: string;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

type VideoGenerationStatus = 'queued' | 'in_progress' | 'completed' | 'failed';

export type VideoGenerationRow = Selectable<VideoGenerationsTable>;
