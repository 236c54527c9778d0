import type { Rect } from '../../geometry/types.ts';
import type { MediaKind } from '../resources.ts';
import type { CocoClass } from './coco-classes.ts';
import type { ColourName } from './colour-names.ts';

/** One object the detector found: a COCO class name in lower-case English. */
export interface AltTextLabel {
  name: string;
  /** 0 to 1. */
  confidence: number;
  /** In the image's natural pixels. */
  box: Rect;
}

/** What the asset analysis knows about an image, as the alt text is composed from it. */
export interface AltTextInput {
  mediaKind: MediaKind;
  labels: readonly AltTextLabel[];
  faceCount: number;
  /** Dominant colours of the whole image, largest share first ('#rrggbb'). */
  colors: readonly { hex: string; share: number }[];
  /** Dominant colours outside the main subject's box, when the caller measured them. */
  backgroundColors?: readonly { hex: string; share: number }[];
  width: number;
  height: number;
}

/** The language-independent reading of an image that every language puts into words. */
export type Scene =
  | { type: 'objects'; kind: MediaKind; subjects: SceneSubject[]; background: ColourName | null }
  | { type: 'faces'; kind: MediaKind; faceCount: number }
  | { type: 'colours'; kind: MediaKind; shades: ColourName[] };

/** A class and how many of it, main subject first. */
export interface SceneSubject {
  className: CocoClass;
  count: number;
}

type Gender = 'm' | 'f' | 'n';

/** A class name in one language: singular, plural and the gender its articles agree with. */
export interface Noun {
  gender: Gender;
  one: string;
  many: string;
}

/** A colour name as a language writes it after 'background' and in 'shades of'. */
export interface ColourWords {
  background: string;
  shade: string;
}

/** One language's vocabulary and the sentence templates that put a scene into words. */
export interface AltTextGrammar {
  kinds: Readonly<Record<MediaKind, string>>;
  nouns: Readonly<Record<CocoClass, Noun>>;
  colours: Readonly<Record<ColourName, ColourWords>>;
  /** 'a cat', 'two cats'. */
  subject(noun: Noun, count: number): string;
  /** 'Photo of a cat and two dogs on a brown background'. */
  objects(kind: string, subjects: string[], background: ColourWords | null): string;
  /** "Photo of a person's face". */
  faces(kind: string, count: number): string;
  /** 'Photo in shades of blue and white'; just the kind when no colour is known. */
  shades(kind: string, colours: ColourWords[]): string;
}
