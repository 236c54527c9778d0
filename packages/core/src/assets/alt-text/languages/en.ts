import { countWord, joinList, neuter as noun } from '../nouns.ts';
import type { AltTextGrammar, ColourWords } from '../types.ts';

// English nouns have no gender; `neuter` only keeps one noun shape across the languages.
const NUMBERS = ['two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

// Words that start with a vowel letter but a consonant sound, and the reverse.
const CONSONANT_SOUND = /^(uni|use|usu|eu|one|once)/i;
const VOWEL_SOUND = /^(hour|honest|honou?r|heir)/i;

/** 'a' or 'an' by the sound the next word starts with. */
function indefiniteArticle(word: string): 'a' | 'an' {
  if (VOWEL_SOUND.test(word)) return 'an';
  if (CONSONANT_SOUND.test(word)) return 'a';
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

const withArticle = (word: string) => `${indefiniteArticle(word)} ${word}`;

const colour = (name: string): ColourWords => ({ background: name, shade: name });

export const english: AltTextGrammar = {
  kinds: { IMAGE: 'Photo', ANIMATION: 'Animated image', VIDEO: 'Video' },
  subject: (item, count) =>
    count === 1 ? withArticle(item.one) : `${countWord(count, NUMBERS)} ${item.many}`,
  objects: (kind, subjects, background) =>
    `${kind} of ${joinList(subjects, 'and')}` +
    (background ? ` on ${withArticle(background.background)} background` : ''),
  faces: (kind, count) =>
    count === 1
      ? `${kind} of a person's face`
      : `${kind} of ${countWord(count, NUMBERS)} people's faces`,
  shades: (kind, colours) =>
    colours.length === 0
      ? kind
      : `${kind} in shades of ${joinList(
          colours.map((words) => words.shade),
          'and',
        )}`,
  colours: {
    black: colour('black'),
    white: colour('white'),
    gray: colour('gray'),
    red: colour('red'),
    orange: colour('orange'),
    yellow: colour('yellow'),
    green: colour('green'),
    blue: colour('blue'),
    purple: colour('purple'),
    pink: colour('pink'),
    brown: colour('brown'),
    beige: colour('beige'),
  },
  nouns: {
    person: noun('person', 'people'),
    bicycle: noun('bicycle', 'bicycles'),
    car: noun('car', 'cars'),
    motorcycle: noun('motorcycle', 'motorcycles'),
    airplane: noun('airplane', 'airplanes'),
    bus: noun('bus', 'buses'),
    train: noun('train', 'trains'),
    truck: noun('truck', 'trucks'),
    boat: noun('boat', 'boats'),
    'traffic light': noun('traffic light', 'traffic lights'),
    'fire hydrant': noun('fire hydrant', 'fire hydrants'),
    'stop sign': noun('stop sign', 'stop signs'),
    'parking meter': noun('parking meter', 'parking meters'),
    bench: noun('bench', 'benches'),
    bird: noun('bird', 'birds'),
    cat: noun('cat', 'cats'),
    dog: noun('dog', 'dogs'),
    horse: noun('horse', 'horses'),
    sheep: noun('sheep', 'sheep'),
    cow: noun('cow', 'cows'),
    elephant: noun('elephant', 'elephants'),
    bear: noun('bear', 'bears'),
    zebra: noun('zebra', 'zebras'),
    giraffe: noun('giraffe', 'giraffes'),
    backpack: noun('backpack', 'backpacks'),
    umbrella: noun('umbrella', 'umbrellas'),
    handbag: noun('handbag', 'handbags'),
    tie: noun('tie', 'ties'),
    suitcase: noun('suitcase', 'suitcases'),
    frisbee: noun('frisbee', 'frisbees'),
    skis: noun('pair of skis', 'pairs of skis'),
    snowboard: noun('snowboard', 'snowboards'),
    'sports ball': noun('ball', 'balls'),
    kite: noun('kite', 'kites'),
    'baseball bat': noun('baseball bat', 'baseball bats'),
    'baseball glove': noun('baseball glove', 'baseball gloves'),
    skateboard: noun('skateboard', 'skateboards'),
    surfboard: noun('surfboard', 'surfboards'),
    'tennis racket': noun('tennis racket', 'tennis rackets'),
    bottle: noun('bottle', 'bottles'),
    'wine glass': noun('wine glass', 'wine glasses'),
    cup: noun('cup', 'cups'),
    fork: noun('fork', 'forks'),
    knife: noun('knife', 'knives'),
    spoon: noun('spoon', 'spoons'),
    bowl: noun('bowl', 'bowls'),
    banana: noun('banana', 'bananas'),
    apple: noun('apple', 'apples'),
    sandwich: noun('sandwich', 'sandwiches'),
    orange: noun('orange', 'oranges'),
    broccoli: noun('head of broccoli', 'heads of broccoli'),
    carrot: noun('carrot', 'carrots'),
    'hot dog': noun('hot dog', 'hot dogs'),
    pizza: noun('pizza', 'pizzas'),
    donut: noun('donut', 'donuts'),
    cake: noun('cake', 'cakes'),
    chair: noun('chair', 'chairs'),
    couch: noun('couch', 'couches'),
    'potted plant': noun('potted plant', 'potted plants'),
    bed: noun('bed', 'beds'),
    'dining table': noun('dining table', 'dining tables'),
    toilet: noun('toilet', 'toilets'),
    tv: noun('TV', 'TVs'),
    laptop: noun('laptop', 'laptops'),
    mouse: noun('computer mouse', 'computer mice'),
    remote: noun('remote control', 'remote controls'),
    keyboard: noun('keyboard', 'keyboards'),
    'cell phone': noun('cell phone', 'cell phones'),
    microwave: noun('microwave', 'microwaves'),
    oven: noun('oven', 'ovens'),
    toaster: noun('toaster', 'toasters'),
    sink: noun('sink', 'sinks'),
    refrigerator: noun('refrigerator', 'refrigerators'),
    book: noun('book', 'books'),
    clock: noun('clock', 'clocks'),
    vase: noun('vase', 'vases'),
    scissors: noun('pair of scissors', 'pairs of scissors'),
    'teddy bear': noun('teddy bear', 'teddy bears'),
    'hair drier': noun('hair dryer', 'hair dryers'),
    toothbrush: noun('toothbrush', 'toothbrushes'),
  },
};
