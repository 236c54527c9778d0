import { assetPagePath } from '../assets/asset.utils.ts';

const EDITING_SUFFIX = '/editing';

/** Whether a route splat (the origin path after the source id) addresses the editor. */
export function isEditingSplat(splat: string): boolean {
  return splat.endsWith(EDITING_SUFFIX) && splat.length > EDITING_SUFFIX.length;
}

/** The origin path the editor works on: the splat without `/editing`, with a leading slash. */
export function originPathOfEditingSplat(splat: string): string {
  return `/${splat.slice(0, -EDITING_SUFFIX.length)}`;
}

/** The editor's address for an asset. */
export function editorPath(sourceId: string, originPath: string): string {
  return `${assetPagePath(sourceId, originPath)}${EDITING_SUFFIX}`;
}
