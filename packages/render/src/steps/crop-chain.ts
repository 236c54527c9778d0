// `crop` as a fallback chain (docs.imgix.com/apis/rendering/size/crop): "Multiple values can be
// combined with a comma to form a fallback chain — imgix applies each value in order and stops at
// the first successful match. If no value is set or no match is found, the default is a centered
// crop." `faces`, `auto` and the object classes match when the detector finds what they ask for;
// `focalpoint`, `entropy` and `edges` always do. The directions are not links of the chain: they
// combine with each other (`crop=top,left`) into the crop used when no link matches.
import type { Rect } from '@darkroom/core';
import { unionOf } from '../ai/faces.ts';
import { detectionsInPipeline, subjectAmong, subjectRequest } from '../ai/subjects.ts';
import type { DetectOptions, Detections } from '../ai/types.ts';
import {
  anchorOf,
  placementOf,
  type CropStrategy,
  type FocalPoint,
} from '../geometry/crop-window.ts';
import type { RenderContext } from '../pipeline/context.ts';
import { readFocalPoint } from './size-request.ts';

/** One link of the chain, in the order the URL writes it. */
export type CropLink =
  | { kind: 'faces' }
  | { kind: 'subject'; auto: boolean; classes: ReadonlySet<string> }
  | { kind: 'placement'; strategy: CropStrategy };

/**
 * The links of the `crop` modes, in the order written, up to the first that always matches (the
 * links after it are never reached); the directions are left to `anchorOf`.
 */
export function cropChain(modes: readonly string[], focalPoint: FocalPoint): CropLink[] {
  const links: CropLink[] = [];
  for (const mode of modes) {
    const strategy = placementOf(mode, focalPoint);
    if (strategy !== undefined) {
      links.push({ kind: 'placement', strategy });
      break;
    }
    if (mode === 'faces') {
      links.push({ kind: 'faces' });
      continue;
    }
    const subject = subjectRequest([mode]);
    if (subject.auto || subject.classes.size > 0) links.push({ kind: 'subject', ...subject });
  }
  return links;
}

/** What the detector must look for to try every detecting link of `links`. */
export function detectionsNeeded(links: readonly CropLink[]): DetectOptions {
  return {
    faces: links.some((link) => link.kind === 'faces' || (link.kind === 'subject' && link.auto)),
    labels: links.some((link) => link.kind === 'subject'),
  };
}

/**
 * Where the crop window lies: the first link of the chain that matches, else the directions (the
 * centre when there are none). The detector runs at most once, when the first detecting link is
 * reached, and looks for everything the chain may still ask for.
 */
export async function resolveCropChain(context: RenderContext): Promise<CropStrategy> {
  const modes = context.params.strings('crop');
  const links = cropChain(modes, readFocalPoint(context.params));
  let detections: Promise<Detections> | undefined;
  for (const link of links) {
    if (link.kind === 'placement') return link.strategy;
    detections ??= detectionsInPipeline(context, detectionsNeeded(links));
    const box = matchOf(link, await detections);
    if (box !== null) return centredOn(context, box);
  }
  return anchorOf(modes);
}

/** The box a detecting link anchors to among the detections; null when it finds nothing. */
function matchOf(link: Exclude<CropLink, { kind: 'placement' }>, found: Detections): Rect | null {
  if (link.kind === 'faces') return unionOf(found.faces.map((face) => face.box));
  return subjectAmong(found, link);
}

function centredOn(context: RenderContext, box: Rect): CropStrategy {
  return {
    kind: 'focalpoint',
    x: (box.left + box.width / 2) / context.width,
    y: (box.top + box.height / 2) / context.height,
    zoom: 1,
  };
}
