import type { ResourceObject } from '../jsonapi/document.ts';

export type MediaKind = 'IMAGE' | 'ANIMATION' | 'VIDEO';

/** A dominant colour of an asset and the part of the image it covers (0 to 1). */
/** A video's stream, as indexed: length in milliseconds, codec name and frames per second. */
export interface VideoMetadata {
  duration_ms: number | null;
  codec: string | null;
  frame_rate: number | null;
}

export interface AssetMetadata {
  video?: VideoMetadata;
}

export interface AssetColor {
  hex: string;
  share: number;
}

/** The AI ratings of spec platform section 3 'Asset'; null, since no model here rates them yet. */
export type AssetWarnings = Record<
  'adult' | 'medical' | 'racy' | 'spoof' | 'violence',
  string | null
>;

/** Alt text the asset analysis wrote for an image in one BCP 47 language. */
export interface AltTextPredictionResource {
  language: string;
  text: string;
  templated: boolean;
}

/**
 * Spec platform section 3 'Asset', as `/api/v4/assets` answers it. Faces, labels and alt-text
 * predictions come from the asset analysis once it has run; the warnings stay empty.
 */
export interface AssetAttributes {
  /** The object's path at the origin, starting with '/'. */
  origin_path: string;
  source_id: string;
  content_type: string | null;
  file_size: number | null;
  media_kind: MediaKind;
  media_width: number | null;
  media_height: number | null;
  dpi_width: number | null;
  dpi_height: number | null;
  image_mode: string | null;
  color_profile_name: string | null;
  /** Largest share first. */
  colors: AssetColor[];
  has_frames: boolean;
  has_colors: boolean;
  is_renderable: boolean;
  face_count: number | null;
  has_faces: boolean;
  has_labels: boolean;
  has_warnings: boolean;
  is_identified: boolean;
  labels: { name: string; confidence: number }[];
  labels_cloud_vision: string[];
  labels_user_defined: string[];
  /** One per chosen language alt text can be written in; `templated` as in ALT_TEXT_LANGUAGES. */
  labels_alt_text_predictions: AltTextPredictionResource[];
  alt_text: string | null;
  warnings: AssetWarnings;
  categories: string[];
  description: string | null;
  /** The customer's name for it, else the file name. */
  name: string;
  /** What the file itself says beyond its size: for a video, what ffprobe read (VideoMetadata). */
  metadata: AssetMetadata;
  uploaded_by: string | null;
  hidden: boolean;
  date_created: string;
  date_modified: string;
  /** The delivery URL; null while the source has no subdomain or domain to serve it. */
  fullURL: string | null;
  fullVideoURL: string | null;
}

/** `id` is the source id followed by origin_path. */
export type AssetResource = ResourceObject<'assets', AssetAttributes>;
