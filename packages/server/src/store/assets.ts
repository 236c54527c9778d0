import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { MediaKind } from '@darkroom/core';
import type { AssetIndexRunRow, AssetRow, DatabaseSchema, SourceRow } from '../db/schema.ts';
import { containsPattern, prefixPattern, selectPage, type Page, type PageRequest } from './list.ts';
import { listSources, type SourceColumn } from './sources.ts';

type Db = Kysely<DatabaseSchema>;

export type AssetColumn = 'date_created' | 'date_modified' | 'file_size' | 'name';

/** An RGB colour, each channel 0 to 255. */
export interface Rgb {
  red: number;
  green: number;
  blue: number;
}

/**
 * How far (Euclidean distance in RGB, 0 to 441) a dominant colour may be from the asked-for one
 * and still count as "that colour": wide enough for shades of red to match pure red, narrow
 * enough that orange does not.
 */
const COLOR_MATCH_DISTANCE = 80;

/** Which assets of a source a list shows; every field narrows it. */
export interface AssetFilter {
  /** Case-insensitive substring of the path, name, description, a category or a tag. */
  keyword?: string | undefined;
  mediaKinds?: readonly MediaKind[] | undefined;
  contentTypes?: readonly string[] | undefined;
  hasFaces?: boolean | undefined;
  /** Assets with a dominant colour near any of these. */
  colors?: readonly Rgb[] | undefined;
  /** 'visible' (the default) leaves hidden assets out, 'hidden' shows only them. */
  hidden: 'visible' | 'hidden' | 'all';
  hasFrames?: boolean | undefined;
  /** Faces counted, from `min` to `max` (either end open when null). */
  faceCount?: { min: number | null; max: number | null } | undefined;
  /** Assets in every one of these categories (any letter case). */
  allCategories?: readonly string[] | undefined;
  /** Assets with every one of these tags, the customer's or the analysis' (any letter case). */
  allTags?: readonly string[] | undefined;
  /** Custom fields the asset has: `value` null for the key set to anything. */
  customFields?: readonly { key: string; value: string | null }[] | undefined;
  /** Paths starting with this ('/photos/'). */
  pathPrefix?: string | undefined;
}

/** The name an asset shows when the customer has not given one: its file name. */
export function defaultAssetName(originPath: string): string {
  return originPath.slice(originPath.lastIndexOf('/') + 1);
}

// The SQL twin of defaultAssetName, so sorting by name sorts what the list shows.
const displayName = sql<string>`lower(coalesce(name, regexp_replace(origin_path, '^.*/', '')))`;

function jsonTextContains(column: 'categories' | 'labels_user_defined', pattern: string) {
  return sql<SqlBool>`exists (select 1 from jsonb_array_elements_text(${sql.ref(column)}) as item(value) where item.value ilike ${pattern})`;
}

/** Whether every one of `values` is an element of the column's list, in any letter case. */
function jsonListHasAll(column: 'categories' | 'labels_user_defined', values: readonly string[]) {
  const lowered = JSON.stringify(values.map((value) => value.toLowerCase()));
  return sql<SqlBool>`(select coalesce(jsonb_agg(lower(item.value)), '[]'::jsonb) from jsonb_array_elements_text(${sql.ref(column)}) as item(value)) @> ${lowered}::jsonb`;
}

/** A tag the customer gave or the analysis found (labels hold `{name, confidence}`). */
function hasTag(tag: string) {
  const lowered = tag.toLowerCase();
  return sql<SqlBool>`(exists (select 1 from jsonb_array_elements_text(labels_user_defined) as item(value) where lower(item.value) = ${lowered}) or exists (select 1 from jsonb_array_elements(labels) as label(value) where lower(label.value->>'name') = ${lowered}))`;
}

function hexChannel(offset: number) {
  // '#rrggbb' -> one channel as an integer, in SQL so the filter runs next to the rows.
  return sql<number>`('x' || substr(color.value->>'hex', ${offset}, 2))::bit(8)::int`;
}

function nearColor({ red, green, blue }: Rgb): Expression<SqlBool> {
  const distanceSquared = sql`power(${hexChannel(2)} - ${red}, 2) + power(${hexChannel(4)} - ${green}, 2) + power(${hexChannel(6)} - ${blue}, 2)`;
  return sql<SqlBool>`exists (select 1 from jsonb_array_elements(colors) as color(value) where color.value->>'hex' ~ '^#[0-9a-fA-F]{6}$' and ${distanceSquared} < ${COLOR_MATCH_DISTANCE ** 2})`;
}

/**
 * One page of a source's assets. Every filter stays within the source, so the sorts use the
 * (source_id, column, id) indexes and a keyword search scans one source's rows at most.
 */
export async function listAssets(
  db: Db,
  sourceId: string,
  filter: AssetFilter,
  request: PageRequest<AssetColumn>,
): Promise<Page<AssetRow>> {
  let query = db.selectFrom('assets').where('source_id', '=', sourceId);
  if (filter.hidden !== 'all') query = query.where('hidden', '=', filter.hidden === 'hidden');
  if (filter.mediaKinds !== undefined) query = query.where('media_kind', 'in', filter.mediaKinds);
  if (filter.contentTypes !== undefined) {
    query = query.where('content_type', 'in', filter.contentTypes);
  }
  if (filter.hasFaces !== undefined) query = query.where('has_faces', '=', filter.hasFaces);
  const { colors, keyword } = filter;
  if (colors !== undefined) {
    query = query.where((where) => where.or(colors.map((color) => nearColor(color))));
  }
  if (filter.hasFrames !== undefined) query = query.where('has_frames', '=', filter.hasFrames);
  const { faceCount, allCategories, allTags, customFields, pathPrefix } = filter;
  if (faceCount?.min != null) query = query.where('face_count', '>=', faceCount.min);
  if (faceCount?.max != null) query = query.where('face_count', '<=', faceCount.max);
  if (allCategories !== undefined && allCategories.length > 0) {
    query = query.where(jsonListHasAll('categories', allCategories));
  }
  for (const tag of allTags ?? []) query = query.where(hasTag(tag));
  for (const { key, value } of customFields ?? []) {
    query = query.where(
      value === null
        ? sql<SqlBool>`custom_fields ? ${key}`
        : sql<SqlBool>`custom_fields ->> ${key} = ${value}`,
    );
  }
  if (pathPrefix !== undefined) {
    query = query.where('origin_path', 'like', prefixPattern(pathPrefix));
  }
  if (keyword !== undefined) {
    const pattern = containsPattern(keyword);
    query = query.where((where) =>
      where.or([
        where('origin_path', 'ilike', pattern),
        where('name', 'ilike', pattern),
        where('description', 'ilike', pattern),
        jsonTextContains('categories', pattern),
        jsonTextContains('labels_user_defined', pattern),
      ]),
    );
  }
  return selectPage(query, request, {
    sortKey: (column) => (column === 'name' ? displayName : sql.ref(column)),
    idFollowsLastSort: true,
  });
}

/** One asset of a source by its origin path ('/photos/cat.jpg'). */
export async function findAsset(
  db: Db,
  sourceId: string,
  originPath: string,
): Promise<AssetRow | undefined> {
  return db
    .selectFrom('assets')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('origin_path', '=', originPath)
    .executeTakeFirst();
}

/** What a customer may change on an asset (PATCH /assets/{sourceID}/{path}). */
export interface AssetChanges {
  /** null goes back to the file name. */
  name?: string | null;
  description?: string | null;
  categories?: string[];
  labelsUserDefined?: string[];
  hidden?: boolean;
  /** Replaces the custom fields whole. */
  customFields?: Record<string, string>;
}

export async function updateAsset(db: Db, id: string, changes: AssetChanges): Promise<AssetRow> {
  return db
    .updateTable('assets')
    .set({
      ...(changes.name !== undefined ? { name: changes.name } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.categories !== undefined
        ? { categories: JSON.stringify(changes.categories) }
        : {}),
      ...(changes.labelsUserDefined !== undefined
        ? { labels_user_defined: JSON.stringify(changes.labelsUserDefined) }
        : {}),
      ...(changes.hidden !== undefined ? { hidden: changes.hidden } : {}),
      ...(changes.customFields !== undefined
        ? { custom_fields: JSON.stringify(changes.customFields) }
        : {}),
      date_modified: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The sources an account may browse in the asset manager: its own and the demo source. */
export function listBrowsableSources(
  db: Db,
  accountId: string,
  filter: { enabled?: boolean | undefined },
  request: PageRequest<SourceColumn>,
): Promise<Page<SourceRow>> {
  return listSources(
    db,
    { scopeAccountId: accountId, enabled: filter.enabled, withDemo: true },
    request,
  );
}

/** How many visible assets a source has and how its latest indexing run went. */
export interface AssetSourceSummary {
  assetCount: number;
  run: Pick<AssetIndexRunRow, 'status' | 'finished_at'> | null;
}

export async function assetSourceSummaries(
  db: Db,
  sourceIds: readonly string[],
): Promise<Map<string, AssetSourceSummary>> {
  const summaries = new Map<string, AssetSourceSummary>(
    sourceIds.map((id) => [id, { assetCount: 0, run: null }]),
  );
  if (sourceIds.length === 0) return summaries;
  const counts = await db
    .selectFrom('assets')
    .select(['source_id', sql<number>`count(*)::int`.as('count')])
    .where('source_id', 'in', sourceIds)
    .where('hidden', '=', false)
    .groupBy('source_id')
    .execute();
  const runs = await db
    .selectFrom('asset_index_runs')
    .select(['source_id', 'status', 'finished_at'])
    .where('source_id', 'in', sourceIds)
    .execute();
  for (const { source_id: id, count } of counts) {
    const summary = summaries.get(id);
    if (summary) summary.assetCount = count;
  }
  for (const { source_id: id, status, finished_at: finishedAt } of runs) {
    const summary = summaries.get(id);
    if (summary) summary.run = { status, finished_at: finishedAt };
  }
  return summaries;
}

export async function findIndexRun(
  db: Db,
  sourceId: string,
): Promise<AssetIndexRunRow | undefined> {
  return db
    .selectFrom('asset_index_runs')
    .selectAll()
    .where('source_id', '=', sourceId)
    .executeTakeFirst();
}

// The language alt text is written in when an account has chosen none (the sources' alt-text
// capability names 'en' as its default language too).
const DEFAULT_ALT_TEXT_LANGUAGES: readonly string[] = ['en'];

/** An account's manual alt-text languages: those it chose, or the default when it chose none. */
export async function altTextLanguagesOf(db: Db, accountId: string): Promise<readonly string[]> {
  const row = await db
    .selectFrom('asset_alt_text_settings')
    .select('languages')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return row?.languages ?? DEFAULT_ALT_TEXT_LANGUAGES;
}

/** Stores an account's manual alt-text languages; true when the account had none before. */
export async function saveAltTextLanguages(
  db: Db,
  accountId: string,
  languages: readonly string[],
): Promise<boolean> {
  const row = await db
    .insertInto('asset_alt_text_settings')
    .values({ account_id: accountId, languages: JSON.stringify(languages) })
    .onConflict((conflict) =>
      conflict
        .column('account_id')
        .doUpdateSet({ languages: JSON.stringify(languages), updated_at: new Date() }),
    )
    // xmax is 0 only on a row this statement inserted (PostgreSQL's upsert idiom).
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow();
  return row.inserted;
}
