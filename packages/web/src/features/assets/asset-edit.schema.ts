import { hasBracketsOrHtml, NAME_RULE_MESSAGE } from '@darkroom/core';
import { z } from 'zod';
import { duplicateTag, splitList } from './asset.utils.ts';

/**
 * The limits the server's asset PATCH enforces (`ASSET_LIMITS`, server api/asset-patch.ts): a
 * name of 1-255, a description up to 2000...
 */
const MAX_NAME_LENGTH = 255;
export const MAX_DESCRIPTION_LENGTH = 2000;
/** ...and up to 50 categories or tags of 1-64 characters each. */
const MAX_LIST_ITEMS = 50;
const MAX_ITEM_LENGTH = 64;

function listField(noun: string) {
  return z
    .string()
    .transform(splitList)
    .pipe(
      z
        .array(
          z.string().max(MAX_ITEM_LENGTH, `Keep each ${noun} to ${MAX_ITEM_LENGTH} characters.`),
        )
        .max(MAX_LIST_ITEMS, `Use at most ${MAX_LIST_ITEMS} ${noun}s.`)
        // Categories and tags are labels: spec platform section 5's rule for names holds. Checked
        // on the list so the message shows under its field.
        .refine((items) => !items.some(hasBracketsOrHtml), NAME_RULE_MESSAGE),
    );
}

/**
 * The edit form of an asset that shows `shownName`: categories and tags are typed
 * comma-separated. Checked here as the server checks them, so a mistake shows before anything is
 * sent. Names cannot include brackets or HTML (spec platform section 5), but the name shown now
 * goes back unchanged: a file name such as `scan [2].jpg` is no name the customer gave.
 */
export function assetEditSchema(shownName: string) {
  return z.object({
    name: z
      .string()
      .trim()
      .min(1, 'Enter a name.')
      .max(MAX_NAME_LENGTH, `Keep the name to ${MAX_NAME_LENGTH} characters.`)
      .refine((name) => name === shownName || !hasBracketsOrHtml(name), NAME_RULE_MESSAGE),
    description: z
      .string()
      .trim()
      .max(MAX_DESCRIPTION_LENGTH, `Keep the description to ${MAX_DESCRIPTION_LENGTH} characters.`)
      .transform((text) => (text === '' ? null : text)),
    categories: listField('category'),
    labels_user_defined: listField('tag').superRefine((tags, context) => {
      const repeated = duplicateTag(tags);
      if (repeated !== null) {
        context.addIssue({
          code: 'custom',
          message: `Tag "${repeated}" is already on this asset.`,
        });
      }
    }),
  });
}

export type AssetEditValues = z.output<ReturnType<typeof assetEditSchema>>;
