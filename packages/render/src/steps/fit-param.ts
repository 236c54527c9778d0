// `fit` as the URL writes it: one mode, or `facearea` followed by the mode used when no face is
// found. docs.imgix.com/apis/rendering/size/resize-fit-mode: "Fallback parameters can also be set
// in addition to fit=facearea. For example, a combination of fit=facearea,fill can be used. When a
// face is not detected in the image, the image will fall back to fill the image instead of
// cropping it to a face"; docs.imgix.com/apis/rendering/fill/fill-max names fit=facearea,fillmax.
// core's catalogue accepts those two lists and no other (params/catalogue.ts).
import type { Params } from '@darkroom/core';
import { FIT_MODES, type FitMode } from '../geometry/fit.ts';

export interface WrittenFit {
  /** The mode written first: the only one, or `facearea` of a fallback list; absent without `fit`. */
  mode: string | undefined;
  /** `fill` or `fillmax` after `facearea`: the mode when no face is found. */
  noFace: FitMode | undefined;
}

export function readWrittenFit(params: Params): WrittenFit {
  const [mode, fallback] = params.strings('fit');
  return { mode, noFace: FIT_MODES.find((fit) => fit === fallback) };
}

/**
 * The mode the size arithmetic applies (geometry/fit.ts). A face area is cropped to the size
 * parameters once it has been cut out (size.ts); without its face, the whole image is fitted by
 * the fallback the URL names, else cropped as fit=crop would.
 */
export function appliedFit(params: Params, faceFound: boolean): FitMode {
  const { mode, noFace } = readWrittenFit(params);
  if (mode === 'facearea') return faceFound ? 'crop' : (noFace ?? 'crop');
  return FIT_MODES.find((fit) => fit === mode) ?? 'clip';
}

/** Every mode `appliedFit` may give before the detector has looked for a face. */
export function possibleFits(params: Params): FitMode[] {
  const { mode, noFace } = readWrittenFit(params);
  const face = appliedFit(params, true);
  return mode === 'facearea' && noFace !== undefined ? [face, noFace] : [face];
}
