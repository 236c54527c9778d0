import type { MediaKind } from '@darkroom/core';
import { originPath } from '../delivery/origin-path.ts';
import type { AssetFilter, Rgb } from '../store/assets.ts';
import { apiError } from '../errors.ts';
import { booleanFilter } from './list-query.ts';

export const ASSET_FILTERS = [
  'keyword',
  'media_kind',
  'content_type',
  'has_faces',
  'colors',
  'hidden',
] as const;

export type AssetFilterName = (typeof ASSET_FILTERS)[number];

const MEDIA_KINDS: readonly MediaKind[] = ['IMAGE', 'ANIMATION', 'VIDEO'];
const MAX_LIST_VALUES = 20;
const MAX_KEYWORD_LENGTH = 200;
// type/subtype of RFC 6838 section 4.2, lowercased before the check.
const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

function invalid(parameter: string, detail: string) {
  return apiError('invalid_parameter', detail, { parameter });
}

function commaList(value: string, parameter: string): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw invalid(parameter, `${parameter} needs at least one value.`);
  if (items.length > MAX_LIST_VALUES) {
    throw invalid(parameter, `${parameter} takes at most ${MAX_LIST_VALUES} values.`);
  }
  return items;
}

function parseMediaKinds(value: string): MediaKind[] {
  return commaList(value, 'filter[media_kind]').map((item) => {
    const kind = MEDIA_KINDS.find((candidate) => candidate === item.toUpperCase());
    if (kind === undefined) {
      throw invalid('filter[media_kind]', 'filter[media_kind] takes IMAGE, ANIMATION or VIDEO.');
    }
    return kind;
  });
}

function parseContentTypes(value: string): string[] {
  return commaList(value, 'filter[content_type]').map((item) => {
    const type = item.toLowerCase();
    if (!CONTENT_TYPE_PATTERN.test(type)) {
      throw invalid(
        'filter[content_type]',
        `filter[content_type] takes media types such as image/png; "${item}" is not one.`,
      );
    }
    return type;
  });
}

/** '#ff0000', 'ff0000' or '#f00' as RGB. */
function parseHexColor(value: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  const digits = match?.[1];
  if (digits === undefined) return null;
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  return {
    red: Number.parseInt(full.slice(0, 2), 16),
    green: Number.parseInt(full.slice(2, 4), 16),
    blue: Number.parseInt(full.slice(4, 6), 16),
  };
}

function parseColors(value: string): Rgb[] {
  return commaList(value, 'filter[colors]').map((item) => {
    const color = parseHexColor(item);
    if (color === null) {
      throw invalid(
        'filter[colors]',
        `filter[colors] takes hex colours such as #ff0000; "${item}" is not one.`,
      );
    }
    return color;
  });
}

function parseHidden(value: string | undefined): AssetFilter['hidden'] {
  if (value === undefined || value === 'false') return 'visible';
  if (value === 'true') return 'hidden';
  if (value === 'all') return 'all';
  throw invalid('filter[hidden]', 'filter[hidden] must be true, false or all.');
}

function parseKeyword(value: string | undefined): string | undefined {
  const keyword = value?.trim();
  if (keyword === undefined || keyword === '') return undefined;
  if (keyword.length > MAX_KEYWORD_LENGTH) {
    throw invalid(
      'filter[keyword]',
      `filter[keyword] can be at most ${MAX_KEYWORD_LENGTH} characters.`,
    );
  }
  return keyword;
}

/** The asset list's filter[...] values (already read by parseListQuery) as a store filter. */
export function parseAssetFilter(filter: Partial<Record<AssetFilterName, string>>): AssetFilter {
  return {
    keyword: parseKeyword(filter.keyword),
    mediaKinds: filter.media_kind === undefined ? undefined : parseMediaKinds(filter.media_kind),
    contentTypes:
      filter.content_type === undefined ? undefined : parseContentTypes(filter.content_type),
    hasFaces: booleanFilter(filter.has_faces, 'filter[has_faces]'),
    colors: filter.colors === undefined ? undefined : parseColors(filter.colors),
    hidden: parseHidden(filter.hidden),
  };
}

/**
 * The origin path ('/photos/cat.jpg') an asset URL names after `/assets/{sourceID}/`: the raw,
 * percent-encoded rest of the request path, decoded once the way delivery decodes image paths,
 * so both agree on which object a path means. A trailing `suffix` (such as '/refresh') is cut off
 * first.
 */
export function assetOriginPath(rawUrl: string, sourceId: string, suffix = ''): string {
  return originPathAfter(rawUrl, `/assets/${sourceId}/`, suffix);
}

/**
 * The origin path a request path names after `marker` (such as imgix's
 * `/sources/{source_id}/assets/`), decoded as assetOriginPath decodes it; 404 when the rest names
 * no file.
 */
export function originPathAfter(rawUrl: string, marker: string, suffix = ''): string {
  const path = rawUrl.split('?')[0] ?? '';
  const start = path.indexOf(marker);
  let rest = start === -1 ? '' : path.slice(start + marker.length);
  if (suffix !== '' && rest.endsWith(suffix)) rest = rest.slice(0, -suffix.length);
  const decoded = originPath(rest, 'darkroom_storage');
  if (!decoded.ok) {
    throw decoded.status === 404
      ? apiError('not_found', 'No asset has this path.')
      : apiError('bad_request', decoded.message);
  }
  return `/${decoded.path}`;
}
