import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AiWorkerUnavailableError, type AiModels } from '@darkroom/render';
import type { AssetRow, DatabaseSchema } from '../../db/schema.ts';
import { altTextLanguagesOf } from '../../store/assets.ts';
import { findSource } from '../../store/sources.ts';
import { StorageError, type StorageAdapter, type StorageErrorKind } from '../../storage/types.ts';
import type { AssetIndexDependencies } from '../indexer.ts';
import { readWhole } from '../read-object.ts';
import { analyseImage, EMPTY_ANALYSIS, type AssetAnalysis } from './analyse-image.ts';
import { decodeForAnalysis } from './decode.ts';

type Db = Kysely<DatabaseSchema>;

export interface AssetAnalysisDependencies extends AssetIndexDependencies {
  /** Faces and labels (the server's detector worker; tests pass in-process models). */
  detector: AiModels;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

/** How much one job invocation analyses before it hands the rest to its continuation. */
export interface AnalysisBudget {
  maxAssets: number;
  maxMs: number;
}

// A detection takes around a second on this machine's CPU, so a slice stays well inside the
// job's lease and a restart loses little.
const DEFAULT_ANALYSIS_BUDGET: AnalysisBudget = { maxAssets: 25, maxMs: 20_000 };

/** The origin is down, not the file bad: the job retries later instead of giving up on it. */
const PASSING_ORIGIN_ERRORS: ReadonlySet<StorageErrorKind> = new Set([
  'timeout',
  'unreachable',
  'origin_error',
]);

type UnanalysedAsset = Pick<
  AssetRow,
  'id' | 'origin_path' | 'media_kind' | 'colors' | 'date_modified'
>;

/** Images and animations whose current bytes are not analysed; videos have nothing to detect yet. */
function unanalysed(db: Db, sourceId: string) {
  return db
    .selectFrom('assets')
    .where('source_id', '=', sourceId)
    .where('analysed_at', 'is', null)
    .where('media_kind', 'in', ['IMAGE', 'ANIMATION'])
    .where('is_renderable', '=', true);
}

interface SliceState {
  deps: AssetAnalysisDependencies;
  adapter: StorageAdapter;
  languages: readonly string[];
  unsupportedLanguages: Set<string>;
}

/**
 * Analyses the source's unanalysed images, in id order, until the budget runs out. Returns
 * 'continued' when some are left for another slice.
 */
export async function runAnalysisSlice(
  deps: AssetAnalysisDependencies,
  sourceId: string,
  budget: AnalysisBudget = DEFAULT_ANALYSIS_BUDGET,
): Promise<'continued' | 'finished'> {
  const { db } = deps;
  const source = await findSource(db, sourceId, null);
  if (source === undefined) return 'finished';
  const deadline = Date.now() + budget.maxMs;
  const assets = await unanalysed(db, sourceId)
    .select(['id', 'origin_path', 'media_kind', 'colors', 'date_modified'])
    .orderBy('id')
    .limit(budget.maxAssets)
    .execute();
  if (assets.length === 0) return 'finished';
  const state: SliceState = {
    deps,
    adapter: await deps.origins.adapterFor(source),
    languages: await altTextLanguagesOf(db, source.account_id),
    unsupportedLanguages: new Set(),
  };
  for (const asset of assets) {
    if (Date.now() >= deadline) break;
    await writeAnalysis(db, asset, await analyseOne(state, asset));
  }
  if (state.unsupportedLanguages.size > 0) {
    deps.log.warn(
      { sourceId, languages: [...state.unsupportedLanguages] },
      'asset analysis: no alt text vocabulary for these languages; none written in them',
    );
  }
  const left = await unanalysed(db, sourceId).select('id').limit(1).executeTakeFirst();
  return left === undefined ? 'finished' : 'continued';
}

/**
 * The asset's analysis, or an empty one when its file cannot be read or decoded or the
 * detector fails on it: it is stored all the same, so one bad file never stalls the source.
 */
async function analyseOne(state: SliceState, asset: UnanalysedAsset): Promise<AssetAnalysis> {
  try {
    const { bytes } = await readWhole(state.adapter, asset.origin_path.replace(/^\/+/, ''));
    const image = await decodeForAnalysis(bytes);
    const { analysis, unsupportedLanguages } = await analyseImage(
      state.deps.detector,
      { image, mediaKind: asset.media_kind, colors: asset.colors },
      state.languages,
    );
    for (const language of unsupportedLanguages) state.unsupportedLanguages.add(language);
    return analysis;
  } catch (error) {
    if (error instanceof StorageError && PASSING_ORIGIN_ERRORS.has(error.kind)) throw error;
    // The detector's process is down, not this file bad: retry the slice rather than store
    // empty results for every asset it would have reached.
    if (error instanceof AiWorkerUnavailableError) throw error;
    state.deps.log.warn({ err: error, assetId: asset.id }, 'asset analysis failed');
    return EMPTY_ANALYSIS;
  }
}

async function writeAnalysis(
  db: Db,
  asset: UnanalysedAsset,
  analysis: AssetAnalysis,
): Promise<void> {
  await db
    .updateTable('assets')
    .set({
      face_count: analysis.faceCount,
      has_faces: analysis.faceCount > 0,
      labels: JSON.stringify(analysis.labels),
      alt_text_predictions: JSON.stringify(analysis.altTextPredictions),
      analysed_at: new Date(),
    })
    .where('id', '=', asset.id)
    .where('analysed_at', 'is', null)
    // New bytes written while these were analysed: the result is theirs no longer, and the
    // asset stays unanalysed for the next slice. Within a millisecond: the database keeps
    // microseconds, the Date it handed us only milliseconds.
    .where('date_modified', '>', new Date(asset.date_modified.getTime() - 1))
    .where('date_modified', '<', new Date(asset.date_modified.getTime() + 1))
    .execute();
}
