import { isCocoClass, type CocoClass } from './coco-classes.ts';
import { nearestColourName, type ColourName } from './colour-names.ts';
import type { AltTextInput, AltTextLabel, Scene, SceneSubject } from './types.ts';

// Below this the detector's guesses are wrong often enough that naming them misleads.
const MIN_CONFIDENCE = 0.3;
// More than three kinds of object make a list nobody reads to the end.
const MAX_SUBJECTS = 3;
// A subject that fills this much of the frame leaves no background to speak of.
const FILLS_FRAME = 0.9;
// Colours covering less than this are accents, not the shades an image is "in".
const MIN_SHADE_SHARE = 0.1;
const MAX_SHADES = 2;

interface ClassGroup {
  className: CocoClass;
  count: number;
  best: AltTextLabel;
  score: number;
}

/** Reads the detections, faces and colours into what the alt text will say, in no language. */
export function readScene(input: AltTextInput): Scene {
  const kind = input.mediaKind;
  const groups = groupByClass(input);
  if (groups.length === 0) {
    if (input.faceCount > 0) return { type: 'faces', kind, faceCount: input.faceCount };
    return { type: 'colours', kind, shades: shadeNames(input.colors) };
  }
  const subjects: SceneSubject[] = groups.map(({ className, count }) => ({ className, count }));
  // A face the object detector missed is still a person in the picture.
  const people = subjects.find((subject) => subject.className === 'person');
  if (people) people.count = Math.max(people.count, input.faceCount);
  else if (input.faceCount > 0) subjects.unshift({ className: 'person', count: input.faceCount });
  const main = groups[0] as ClassGroup;
  return {
    type: 'objects',
    kind,
    subjects: subjects.slice(0, MAX_SUBJECTS),
    background: backgroundName(input, main.best),
  };
}

/**
 * The classes seen, most prominent first. A detection's prominence is its confidence weighted by
 * the square root of the share of the frame its box covers, so the main subject is the object
 * that is both certain and large, while a small certain object still beats a large doubtful one.
 */
function groupByClass(input: AltTextInput): ClassGroup[] {
  const frameArea = input.width * input.height;
  const groups = new Map<CocoClass, ClassGroup>();
  for (const label of input.labels) {
    if (!isCocoClass(label.name) || label.confidence < MIN_CONFIDENCE) continue;
    const score = label.confidence * Math.sqrt(areaShare(label, frameArea) ?? 1);
    const group = groups.get(label.name);
    if (!group) {
      groups.set(label.name, { className: label.name, count: 1, best: label, score });
      continue;
    }
    group.count += 1;
    if (score > group.score) Object.assign(group, { best: label, score });
  }
  return [...groups.values()].sort((a, b) => b.score - a.score);
}

/** The share of the frame a box covers (0 to 1), or null when the frame size is unknown. */
function areaShare(label: AltTextLabel, frameArea: number): number | null {
  if (!(frameArea > 0)) return null;
  const area = Math.max(0, label.box.width) * Math.max(0, label.box.height);
  return Math.min(1, area / frameArea);
}

function backgroundName(input: AltTextInput, main: AltTextLabel): ColourName | null {
  // Measured around the subject: what was found, or nothing when no colour prevails there.
  if (input.backgroundColors !== undefined) {
    const measured = input.backgroundColors[0];
    return measured ? nearestColourName(measured.hex) : null;
  }
  // Without colours measured around the subject, the image's top colour stands in for the
  // background, unless the subject covers the frame and that colour is the subject's own.
  if ((areaShare(main, input.width * input.height) ?? 0) >= FILLS_FRAME) return null;
  const top = input.colors[0];
  return top ? nearestColourName(top.hex) : null;
}

function shadeNames(colors: AltTextInput['colors']): ColourName[] {
  const names: ColourName[] = [];
  for (const [index, color] of colors.entries()) {
    // The top colour always counts: an image is in shades of its dominant colour however spread.
    if (index > 0 && color.share < MIN_SHADE_SHARE) continue;
    const name = nearestColourName(color.hex);
    if (name !== null && !names.includes(name)) names.push(name);
    if (names.length === MAX_SHADES) break;
  }
  return names;
}
