import { describe, expect, it } from 'vitest';
import { COCO_CLASSES } from './coco-classes.ts';
import { COLOUR_NAMES } from './colour-names.ts';
import { composeAltText } from './compose.ts';
import {
  ALT_TEXT_GRAMMARS,
  ALT_TEXT_LANGUAGES,
  altTextLanguageOf,
  isTemplatedLanguage,
} from './languages.ts';
import { italianArticle } from './languages/it.ts';
import { BLUE, BROWN, WHITE, label, scene } from './test-scenes.ts';

const CAT = scene({ labels: [label('cat', 0.9)], colors: [BROWN] });
const PEOPLE_AND_DOG = scene({
  labels: [label('person', 0.9, 300, 500), label('person', 0.85), label('dog', 0.8)],
});
const ONE_FACE = scene({ faceCount: 1 });
const TWO_FACES = scene({ faceCount: 2 });
const SHADES = scene({ mediaKind: 'ANIMATION', colors: [BLUE, WHITE] });

const EXPECTED: Record<string, string[]> = {
  es: [
    'Foto de un gato sobre fondo marrón',
    'Foto de dos personas y un perro',
    'Foto del rostro de una persona',
    'Foto de los rostros de dos personas',
    'Imagen animada en tonos de azul y blanco',
  ],
  fr: [
    "Photo d'un chat sur fond marron",
    "Photo de deux personnes et d'un chien",
    "Photo du visage d'une personne",
    'Photo des visages de deux personnes',
    'Image animée dans les tons bleu et blanc',
  ],
  de: [
    'Foto mit einer Katze vor braunem Hintergrund',
    'Foto mit zwei Personen und einem Hund',
    'Foto des Gesichts einer Person',
    'Foto der Gesichter von zwei Personen',
    'Animiertes Bild in den Farben Blau und Weiß',
  ],
  it: [
    'Foto di un gatto su sfondo marrone',
    'Foto di due persone e un cane',
    'Foto del volto di una persona',
    'Foto dei volti di due persone',
    'Immagine animata in tonalità blu e bianco',
  ],
  pt: [
    'Foto de um gato sobre fundo marrom',
    'Foto de duas pessoas e um cachorro',
    'Foto do rosto de uma pessoa',
    'Foto dos rostos de duas pessoas',
    'Imagem animada em tons de azul e branco',
  ],
  nl: [
    'Foto van een kat op een bruine achtergrond',
    'Foto van twee personen en een hond',
    'Foto van het gezicht van een persoon',
    'Foto van de gezichten van twee personen',
    'Geanimeerde afbeelding in tinten blauw en wit',
  ],
};

describe('alt-text languages', () => {
  it('offers English and at least six templated languages', () => {
    expect(ALT_TEXT_LANGUAGES.map((language) => language.code)).toEqual(
      expect.arrayContaining(['en', 'es', 'fr', 'de', 'it', 'pt', 'nl']),
    );
    expect(ALT_TEXT_LANGUAGES.map((language) => language.code).sort()).toEqual(
      Object.keys(ALT_TEXT_GRAMMARS).sort(),
    );
    expect(isTemplatedLanguage('en')).toBe(false);
    expect(isTemplatedLanguage('de-AT')).toBe(true);
    expect(isTemplatedLanguage('ja')).toBe(false);
    expect(altTextLanguageOf('pt-BR')?.code).toBe('pt');
    expect(altTextLanguageOf('ja')).toBeNull();
  });

  it.each(ALT_TEXT_LANGUAGES.map((language) => language.code))(
    '%s translates all 80 COCO classes and every colour name',
    (code) => {
      const grammar = ALT_TEXT_GRAMMARS[code];
      expect(COCO_CLASSES).toHaveLength(80);
      expect(Object.keys(grammar.nouns).sort()).toEqual([...COCO_CLASSES].sort());
      for (const noun of Object.values(grammar.nouns)) {
        expect(noun.one.trim()).not.toBe('');
        expect(noun.many.trim()).not.toBe('');
      }
      expect(Object.keys(grammar.colours).sort()).toEqual([...COLOUR_NAMES].sort());
    },
  );

  it.each(Object.entries(EXPECTED))('%s fills its templates', (code, expected) => {
    const texts = [CAT, PEOPLE_AND_DOG, ONE_FACE, TWO_FACES, SHADES].map((input) =>
      composeAltText(input, code),
    );
    expect(texts).toEqual(expected);
  });

  it('uses translated nouns rather than English ones outside English', () => {
    const input = scene({ labels: [label('refrigerator', 0.9)] });
    for (const { code } of ALT_TEXT_LANGUAGES.filter((language) => language.templated)) {
      expect(composeAltText(input, code)).not.toMatch(/refrigerator/);
    }
  });

  it('agrees Portuguese two with feminine nouns only', () => {
    const cats = scene({ labels: [label('cat', 0.9), label('cat', 0.9)] });
    const cows = scene({ labels: [label('cow', 0.9), label('cow', 0.9)] });
    expect(composeAltText(cats, 'pt')).toBe('Foto de dois gatos');
    expect(composeAltText(cows, 'pt')).toBe('Foto de duas vacas');
  });

  it('chooses the Italian article by gender and first sound', () => {
    const { nouns } = ALT_TEXT_GRAMMARS.it;
    expect(italianArticle(nouns.backpack)).toBe('uno ');
    expect(italianArticle(nouns.orange)).toBe("un'");
    expect(italianArticle(nouns.cat)).toBe('un ');
    expect(italianArticle(nouns.cup)).toBe('una ');
    expect(composeAltText(scene({ labels: [label('orange', 0.9)] }), 'it')).toBe(
      "Foto di un'arancia",
    );
  });

  it('elides French de only before un and une', () => {
    const labels = [label('cup', 0.9, 400, 400), label('apple', 0.8), label('apple', 0.8)];
    expect(composeAltText(scene({ labels }), 'fr')).toBe("Photo d'une tasse et de deux pommes");
  });
});
