import { ALT_TEXT_GRAMMARS, altTextLanguageOf } from './languages.ts';
import { readScene } from './scene.ts';
import type { AltTextInput, AltTextGrammar, Scene } from './types.ts';

/** A language without a vocabulary: refused, so no alt text is stored in the wrong language. */
export class UnsupportedAltTextLanguageError extends Error {
  override name = 'UnsupportedAltTextLanguageError';
  constructor(readonly language: string) {
    super(`Alt text cannot be written in "${language}".`);
  }
}

/**
 * Alt text for an image from its detections, faces and colours, in a BCP 47 language whose
 * primary subtag is one of ALT_TEXT_LANGUAGES, for example 'Photo of a cat on a brown background'.
 */
export function composeAltText(input: AltTextInput, language: string): string {
  const info = altTextLanguageOf(language);
  if (info === null) throw new UnsupportedAltTextLanguageError(language);
  return describeScene(readScene(input), ALT_TEXT_GRAMMARS[info.code]);
}

function describeScene(scene: Scene, grammar: AltTextGrammar): string {
  const kind = grammar.kinds[scene.kind];
  switch (scene.type) {
    case 'objects':
      return grammar.objects(
        kind,
        scene.subjects.map(({ className, count }) =>
          grammar.subject(grammar.nouns[className], count),
        ),
        scene.background && grammar.colours[scene.background],
      );
    case 'faces':
      return grammar.faces(kind, scene.faceCount);
    case 'colours':
      return grammar.shades(
        kind,
        scene.shades.map((name) => grammar.colours[name]),
      );
  }
}
