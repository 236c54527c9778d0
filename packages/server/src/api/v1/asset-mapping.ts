// imgix's asset attributes (docs.imgix.com/apis/management/assets, "Asset Attributes") and
// Darkroom's, mapped in this one place: dates are Unix seconds, `tags` is imgix's map of tag to
// confidence (the analysis' labels with theirs, the customer's own tags at 1), `custom_fields`
// is free key-value metadata. The editable ones are name, description, categories, tags and
// custom_fields; their rules are /api/v4's (asset-patch.ts) where Darkroom has them already.
import type { AssetResource } from '@darkroom/core';
import { z } from 'zod';
import type { AssetChanges } from '../../store/assets.ts';
import type { AssetRow } from '../../db/schema.ts';
import { parseAssetPatch } from '../asset-patch.ts';
import { readOnlyAttributes } from './request-documents.ts';
import { unixSeconds } from './source-mapping.ts';

const CUSTOM_FIELD_LIMITS = { fields: 50, key: 64, value: 1000 } as const;

/** A customer's own tag, as imgix's `tags` map shows it: certain. */
const OWN_TAG_CONFIDENCE = 1;

/** `custom_fields`: up to 50 keys of letters, digits, `_`, `-` and `.`, each holding text. */
export const customFieldsSchema = z
  .record(
    z
      .string()
      .min(1, 'A custom field needs a name.')
      .max(
        CUSTOM_FIELD_LIMITS.key,
        `A custom field's name is at most ${CUSTOM_FIELD_LIMITS.key} characters.`,
      )
      .regex(/^[A-Za-z0-9_.-]+$/, "A custom field's name is letters, digits, _, - and . only."),
    z
      .string({ error: 'A custom field holds text.' })
      .max(
        CUSTOM_FIELD_LIMITS.value,
        `A custom field holds at most ${CUSTOM_FIELD_LIMITS.value} characters.`,
      ),
    { error: 'custom_fields is an object of names to text, or null for none.' },
  )
  .refine(
    (fields) => Object.keys(fields).length <= CUSTOM_FIELD_LIMITS.fields,
    `An asset holds at most ${CUSTOM_FIELD_LIMITS.fields} custom fields.`,
  )
  .nullable();

/** `custom_fields` in a request, for the API reference. */
export const CUSTOM_FIELDS_DESCRIPTION = `\`custom_fields\` replaces the asset's custom fields whole: at most ${CUSTOM_FIELD_LIMITS.fields} names of letters, digits, \`_\`, \`-\` and \`.\`, each at most ${CUSTOM_FIELD_LIMITS.key} characters and holding text of at most ${CUSTOM_FIELD_LIMITS.value} characters; null removes them all.`;

/**
 * `PATCH /sources/:id/assets/:origin_path`: imgix's updatable attributes. `tags` is imgix's map
 * of tag to confidence; its names that are not the analysis' labels are the customer's own tags.
 * Every other attribute is read-only: sending one is a 422 naming it.
 */
export const assetPatchAttributesSchema = z.strictObject({
  ...readOnlyAttributes([
    'origin_path',
    'source_id',
    'content_type',
    'file_size',
    'media_kind',
    'media_width',
    'media_height',
    'dpi_width',
    'dpi_height',
    'color_profile',
    'colors',
    'face_count',
    'has_frames',
    'uploaded_by',
    'warning_adult',
    'warning_medical',
    'warning_racy',
    'warning_spoof',
    'warning_violence',
    'date_created',
    'date_modified',
    'fullURL',
  ]),
  name: z.unknown().optional(),
  description: z.unknown().optional(),
  categories: z.unknown().optional(),
  tags: z
    .record(z.string(), z.number({ error: 'A tag maps to its confidence, a number.' }), {
      error: 'tags is an object of tag names to confidence.',
    })
    .optional(),
  custom_fields: customFieldsSchema.optional(),
});

export type AssetPatchAttributes = z.output<typeof assetPatchAttributesSchema>;

/**
 * Darkroom's changes of imgix's asset attributes: name, description, categories and the
 * customer's tags through /api/v4's rules (parseAssetPatch), custom fields replaced whole.
 */
export function assetChangesOf(
  attributes: AssetPatchAttributes,
  row: AssetRow,
  shownName: string,
): AssetChanges {
  const { tags, custom_fields: customFields, ...rest } = attributes;
  const darkroom: Record<string, unknown> = { ...rest };
  if (tags !== undefined) {
    const analysed = new Set(row.labels.map((label) => label.name.toLowerCase()));
    darkroom.labels_user_defined = Object.keys(tags).filter(
      (tag) => !analysed.has(tag.toLowerCase()),
    );
  }
  const changes = parseAssetPatch(darkroom, shownName);
  return {
    ...changes,
    ...(customFields !== undefined ? { customFields: customFields ?? {} } : {}),
  };
}

/** The pointer of an error about Darkroom's asset attributes, in imgix's names. */
export function toImgixAssetPointer(pointer: string): string {
  return pointer.replace(/^\/data\/attributes\/labels_user_defined/, '/data/attributes/tags');
}

/** An asset as imgix's Management API shows it, made from /api/v4's resource. */
export function imgixAssetResource(resource: AssetResource, row: AssetRow) {
  const { attributes } = resource;
  const tags: Record<string, number> = {};
  for (const label of row.labels) tags[label.name] = label.confidence;
  for (const tag of attributes.labels_user_defined) tags[tag] = OWN_TAG_CONFIDENCE;
  return {
    type: 'assets' as const,
    id: resource.id,
    attributes: {
      origin_path: attributes.origin_path,
      source_id: attributes.source_id,
      name: row.name,
      description: attributes.description,
      categories: attributes.categories,
      tags,
      custom_fields: row.custom_fields,
      content_type: attributes.content_type,
      file_size: attributes.file_size,
      media_kind: attributes.media_kind,
      media_width: attributes.media_width,
      media_height: attributes.media_height,
      dpi_width: attributes.dpi_width,
      dpi_height: attributes.dpi_height,
      color_profile: attributes.color_profile_name,
      colors: attributes.colors,
      face_count: attributes.face_count,
      has_frames: attributes.has_frames,
      uploaded_by: attributes.uploaded_by,
      // Darkroom rates no content; imgix's likelihoods (1 to 5) stay unknown.
      warning_adult: null,
      warning_medical: null,
      warning_racy: null,
      warning_spoof: null,
      warning_violence: null,
      date_created: unixSeconds(row.date_created),
      date_modified: unixSeconds(row.date_modified),
      // Darkroom's delivery addresses, which imgix's assets do not carry.
      fullURL: attributes.fullURL,
    },
  };
}
