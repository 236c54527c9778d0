// The catalogue's `depends`: a parameter whose dependency is absent is accepted but has no
// effect, so it is left out of the effective parameters (and of the cache key), never a 400.
//
// Reading of `depends`: entries naming the same parameter are alternatives (`lossless` needs
// fm=webp OR fm=jxr); entries naming different parameters are all required (`fp-x` needs fit=crop
// AND crop=focalpoint). An entry `name` needs the parameter present, `name=value` needs that value
// (or that member, for lists).
import { CATALOGUE, canonicalName } from './catalogue.ts';
import { INDEXED_PARAMETERS, indexOfName, indexedName } from './indexed-names.ts';
import type { ParamValue } from './types.ts';

interface Condition {
  name: string;
  value: string | undefined;
}

/** Every group must hold; within a group one condition is enough. */
type Requirement = readonly (readonly Condition[])[];

/**
 * Where the catalogue's `depends` disagrees with imgix's documentation, the documentation wins.
 */
const CORRECTED_DEPENDS: Readonly<Record<string, readonly string[]>> = {
  // docs.imgix.com/apis/rendering/size/aspect-ratio: "only when either fit=crop or fit=fill".
  ar: ['fit=crop', 'fit=fill'],
  // The catalogue says fill=gen, but this is the gradient's direction (fill=gradient).
  'fill-gradient-linear-direction': ['fit=fill', 'fill=gradient'],
};

/** A colour blend can be given as `blend-color` alone; its mode and strength still apply. */
const BLEND_OR_BLEND_COLOR: Requirement = [
  [
    { name: 'blend', value: undefined },
    { name: 'blend-color', value: undefined },
  ],
];

/**
 * A subtitle track, generated or supplied: docs.imgix.com/apis/video/subtitles/video-subtitle-lang
 * reads the language "when used for transcription" with video-generate-subtitles, and "to tag the
 * language of a provided subtitle track" with video-subtitle-src.
 */
const A_SUBTITLE_TRACK: Requirement = [
  [
    { name: 'video-generate-subtitles', value: undefined },
    { name: 'video-subtitle-src', value: undefined },
  ],
];

/**
 * Requirements the catalogue's flat lists cannot say: `mark-fit` needs mark-w and/or mark-h, a
 * blend's mode and alpha need `blend` or `blend-color`, and the subtitle languages and burn-in
 * captions a generated or a supplied track.
 */
const CORRECTED_REQUIREMENTS: Readonly<Record<string, Requirement>> = {
  'blend-mode': BLEND_OR_BLEND_COLOR,
  'blend-alpha': BLEND_OR_BLEND_COLOR,
  'video-subtitle-lang': A_SUBTITLE_TRACK,
  'video-vtt-lang': A_SUBTITLE_TRACK,
  'video-caption-style': A_SUBTITLE_TRACK,
  'mark-fit': [
    [{ name: 'mark', value: undefined }],
    [
      { name: 'mark-w', value: undefined },
      { name: 'mark-h', value: undefined },
    ],
  ],
};

// The output format is often decided after parsing (the source's own format, `auto=format`),
// so dependencies on `fm` (q, lossless, ...) are left to the encoder.
const LATE_DECIDED = new Set(['fm']);

// `fill=generative` is imgix's long spelling of `fill=gen`.
const SYNONYMS: Readonly<Record<string, string>> = { 'fill=generative': 'fill=gen' };

const requirements = new Map<string, Requirement>();

/**
 * An indexed name's requirement: the parameter it is paired with at the same index
 * (video-subtitle-lang[2] tags the track of video-subtitle-src[2], and is nothing without it).
 */
function indexedRequirement(name: string, index: number): Requirement {
  const pairedWith = INDEXED_PARAMETERS[name]?.pairedWith ?? null;
  return pairedWith === null ? [] : [[{ name: indexedName(pairedWith, index), value: undefined }]];
}

function requirementOf(name: string): Requirement {
  const cached = requirements.get(name);
  if (cached) return cached;
  const indexed = indexOfName(name);
  const requirement =
    indexed.index > 0
      ? indexedRequirement(indexed.name, indexed.index)
      : (CORRECTED_REQUIREMENTS[name] ?? buildRequirement(name));
  requirements.set(name, requirement);
  return requirement;
}

function buildRequirement(name: string): Requirement {
  const depends = CORRECTED_DEPENDS[name] ?? CATALOGUE.parameters[name]?.depends ?? [];
  const groups = new Map<string, Condition[]>();
  for (const entry of depends) {
    const [rawName = '', value] = entry.split('=');
    const dependency = canonicalName(rawName) ?? rawName;
    if (LATE_DECIDED.has(dependency)) continue;
    const group = groups.get(dependency) ?? [];
    group.push({ name: dependency, value });
    groups.set(dependency, group);
  }
  return [...groups.values()];
}

/**
 * The names whose dependencies hold. Repeats until stable, because a dropped parameter can be
 * another's dependency (`crop` without fit=crop drops, then `fp-x` loses crop=focalpoint).
 */
export function namesWithDependencies(values: ReadonlyMap<string, ParamValue>): Set<string> {
  const kept = new Set(values.keys());
  let changed = true;
  while (changed) {
    changed = false;
    for (const name of kept) {
      const holds = requirementOf(name).every((group) =>
        group.some((condition) => conditionHolds(condition, kept, values)),
      );
      if (!holds) {
        kept.delete(name);
        changed = true;
      }
    }
  }
  return kept;
}

function conditionHolds(
  condition: Condition,
  kept: ReadonlySet<string>,
  values: ReadonlyMap<string, ParamValue>,
): boolean {
  const value = values.get(condition.name);
  if (!kept.has(condition.name) || value === undefined) return false;
  if (condition.value === undefined) return true;
  const wanted = condition.value.toLowerCase();
  return valueWords(value).some((word) => {
    const spelled = `${condition.name}=${word.toLowerCase()}`;
    return (SYNONYMS[spelled] ?? spelled) === `${condition.name}=${wanted}`;
  });
}

function valueWords(value: ParamValue): string[] {
  if (value.type === 'list') return value.value.flatMap(valueWords);
  if (value.type === 'string' || value.type === 'integer' || value.type === 'boolean') {
    return [String(value.value)];
  }
  return [];
}
