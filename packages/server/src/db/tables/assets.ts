// The asset index of each source, its indexing runs and each account's alt-text languages.
import type { AssetColor, MediaKind } from '@darkroom/core';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type {
  CreatedAt,
  Editable,
  EditableJson,
  NullableJson,
  NullableTimestamp,
} from './columns.ts';

export interface AltTextPrediction {
  /** BCP 47 tag. */
  language: string;
  text: string;
  /** Written from a template with translated words, not composed as English is. */
  templated: boolean;
}

/** The asset index (migration 0009). */
export interface AssetsTable {
  /** The source id followed by origin_path. */
  id: string;
  source_id: string;
  account_id: string;
  /** The object's path at the origin, starting with '/'. */
  origin_path: string;
  content_type: string | null;
  file_size: ColumnType<string | number | null, number | null | undefined, number | null>;
  media_kind: MediaKind;
  media_width: number | null;
  media_height: number | null;
  dpi_width: number | null;
  dpi_height: number | null;
  image_mode: string | null;
  color_profile_name: string | null;
  colors: EditableJson<AssetColor[]>;
  has_frames: Editable<boolean>;
  frame_count: number | null;
  /** What ffprobe read of a video (migration 0014); null for images and animations. */
  video_duration_ms: ColumnType<number | null, number | null | undefined, number | null>;
  video_codec: ColumnType<string | null, string | null | undefined, string | null>;
  video_frame_rate: ColumnType<number | null, number | null | undefined, number | null>;
  has_colors: Editable<boolean>;
  is_renderable: Editable<boolean>;
  face_count: number | null;
  has_faces: Editable<boolean>;
  labels: EditableJson<{ name: string; confidence: number }[]>;
  alt_text: string | null;
  /** When the faces, labels and alt text were worked out for the current origin bytes. */
  analysed_at: NullableTimestamp;
  /** Alt text composed from the analysis, one per language chosen (migration 0011). */
  alt_text_predictions: EditableJson<AltTextPrediction[]>;
  name: string | null;
  description: string | null;
  categories: EditableJson<string[]>;
  labels_user_defined: EditableJson<string[]>;
  /** imgix's custom fields: free key-value metadata (migration 0021). */
  custom_fields: EditableJson<Record<string, string>>;
  hidden: Editable<boolean>;
  uploaded_by: string | null;
  origin_etag: string | null;
  origin_modified_at: NullableTimestamp;
  index_error: string | null;
  last_seen_run: string | null;
  date_created: CreatedAt;
  date_modified: ColumnType<Date, Date | undefined, Date>;
}

/** One source's indexing run and its position (migration 0009). */
export interface AssetIndexRunsTable {
  source_id: string;
  run_id: string;
  status: 'running' | 'finished' | 'failed';
  /** What started it: 'deploy', 'schedule', 'manual' or 'upload'. */
  reason: string;
  cursor: NullableJson<Record<string, unknown>>;
  objects_seen: Generated<number>;
  assets_indexed: Generated<number>;
  last_error: string | null;
  started_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  finished_at: NullableTimestamp;
}

export interface AssetAltTextSettingsTable {
  account_id: string;
  languages: EditableJson<string[]>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export type AssetRow = Selectable<AssetsTable>;
export type NewAsset = Insertable<AssetsTable>;
export type AssetIndexRunRow = Selectable<AssetIndexRunsTable>;
