import { nameRule } from '@darkroom/core';
import { z } from 'zod';
import type { AssetChanges } from '../store/assets.ts';
import { issueErrors } from './field-errors.ts';

const ASSET_LIMITS = {
  name: 255,
  description: 2000,
  term: 64,
  terms: 50,
} as const;

const EDITABLE = ['name', 'description', 'categories', 'labels_user_defined', 'hidden'] as const;

function terms(label: 'Categories' | 'Tags', singular: 'Category' | 'Tag') {
  return z
    .array(
      z
        .string({ error: `${label} must be text.` })
        .trim()
        .min(1, `${label} cannot be empty.`)
        .max(ASSET_LIMITS.term, `${label} can be at most ${ASSET_LIMITS.term} characters long.`)
        // Categories and tags are labels: spec platform section 5's rule for names holds.
        .check(nameRule()),
      { error: `${label} must be a list.` },
    )
    .max(
      ASSET_LIMITS.terms,
      `An asset can have at most ${ASSET_LIMITS.terms} ${label.toLowerCase()}.`,
    )
    .superRefine((values, context) => {
      // Spec platform section 5: duplicate user-defined tags are not allowed, in any letter case.
      const seen = new Set<string>();
      values.forEach((value, index) => {
        const key = value.toLowerCase();
        if (seen.has(key)) {
          context.addIssue({
            code: 'custom',
            path: [index],
            message: `${singular} "${value}" is already on this asset.`,
          });
        }
        seen.add(key);
      });
    });
}

/** The attributes a PATCH /assets/{sourceID}/{path} may change (parseAssetPatch reads them). */
export const assetPatchSchema = z
  .strictObject(
    {
      name: z
        .string({ error: 'The name must be text.' })
        .trim()
        .min(1, 'The name cannot be empty.')
        .max(ASSET_LIMITS.name, `The name can be at most ${ASSET_LIMITS.name} characters long.`)
        .check(nameRule())
        .nullable(),
      description: z
        .string({ error: 'The description must be text.' })
        .max(
          ASSET_LIMITS.description,
          `The description can be at most ${ASSET_LIMITS.description} characters long.`,
        )
        .nullable(),
      categories: terms('Categories', 'Category'),
      labels_user_defined: terms('Tags', 'Tag'),
      hidden: z.boolean({ error: 'hidden must be true or false.' }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Only ${EDITABLE.join(', ')} can be changed.`
          : undefined,
    },
  )
  .partial();

/**
 * The changes of a PATCH /assets/{sourceID}/{path} body's attributes, or a 422 with one error per
 * bad field (its JSON:API pointer names the field, or the list entry at fault). A null name goes
 * back to the file name; an empty description is stored as none. The name the asset shows now
 * (`shownName`) is no change: the edit form sends it back, and a file name may hold brackets the
 * rule for names a customer gives refuses.
 */
export function parseAssetPatch(
  attributes: Record<string, unknown>,
  shownName: string,
): AssetChanges {
  const { name: givenName, ...others } = attributes;
  const unchanged = typeof givenName === 'string' && givenName.trim() === shownName;
  const parsed = assetPatchSchema.safeParse(unchanged ? others : attributes);
  if (!parsed.success) throw issueErrors(parsed.error.issues);
  const { name, description, categories, labels_user_defined: tags, hidden } = parsed.data;
  return {
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description: description?.trim() || null } : {}),
    ...(categories !== undefined ? { categories } : {}),
    ...(tags !== undefined ? { labelsUserDefined: tags } : {}),
    ...(hidden !== undefined ? { hidden } : {}),
  };
}
