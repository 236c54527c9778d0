import { countWord, feminine as f, joinList, masculine as m } from '../nouns.ts';
import type { AltTextGrammar, ColourWords, Noun } from '../types.ts';

const NUMBERS = ['due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove', 'dieci'];

// 'sfondo' is masculine, so the colours are written in their masculine form.
const colour = (name: string): ColourWords => ({ background: name, shade: name });

/** The indefinite article by gender and the sound the noun starts with ('uno zaino', "un'auto"). */
export function italianArticle(item: Noun): string {
  if (item.gender === 'f') return /^[aeiouàèéìòù]/i.test(item.one) ? "un'" : 'una ';
  return /^(s[^aeiou]|z|gn|ps|pn|x|y|i[aeiou])/i.test(item.one) ? 'uno ' : 'un ';
}

export const italian: AltTextGrammar = {
  kinds: { IMAGE: 'Foto', ANIMATION: 'Immagine animata', VIDEO: 'Video' },
  subject: (item, count) =>
    count === 1
      ? `${italianArticle(item)}${item.one}`
      : `${countWord(count, NUMBERS)} ${item.many}`,
  objects: (kind, subjects, background) =>
    `${kind} di ${joinList(subjects, 'e')}` +
    (background ? ` su sfondo ${background.background}` : ''),
  faces: (kind, count) =>
    count === 1
      ? `${kind} del volto di una persona`
      : `${kind} dei volti di ${countWord(count, NUMBERS)} persone`,
  shades: (kind, colours) =>
    colours.length === 0
      ? kind
      : `${kind} in tonalità ${joinList(
          colours.map((words) => words.shade),
          'e',
        )}`,
  colours: {
    black: colour('nero'),
    white: colour('bianco'),
    gray: colour('grigio'),
    red: colour('rosso'),
    orange: colour('arancione'),
    yellow: colour('giallo'),
    green: colour('verde'),
    blue: colour('blu'),
    purple: colour('viola'),
    pink: colour('rosa'),
    brown: colour('marrone'),
    beige: colour('beige'),
  },
  nouns: {
    person: f('persona', 'persone'),
    bicycle: f('bicicletta', 'biciclette'),
    car: f('auto', 'auto'),
    motorcycle: f('moto', 'moto'),
    airplane: m('aereo', 'aerei'),
    bus: m('autobus', 'autobus'),
    train: m('treno', 'treni'),
    truck: m('camion', 'camion'),
    boat: f('barca', 'barche'),
    'traffic light': m('semaforo', 'semafori'),
    'fire hydrant': m('idrante', 'idranti'),
    'stop sign': m('segnale di stop', 'segnali di stop'),
    'parking meter': m('parchimetro', 'parchimetri'),
    bench: f('panchina', 'panchine'),
    bird: m('uccello', 'uccelli'),
    cat: m('gatto', 'gatti'),
    dog: m('cane', 'cani'),
    horse: m('cavallo', 'cavalli'),
    sheep: f('pecora', 'pecore'),
    cow: f('mucca', 'mucche'),
    elephant: m('elefante', 'elefanti'),
    bear: m('orso', 'orsi'),
    zebra: f('zebra', 'zebre'),
    giraffe: f('giraffa', 'giraffe'),
    backpack: m('zaino', 'zaini'),
    umbrella: m('ombrello', 'ombrelli'),
    handbag: f('borsetta', 'borsette'),
    tie: f('cravatta', 'cravatte'),
    suitcase: f('valigia', 'valigie'),
    frisbee: m('frisbee', 'frisbee'),
    skis: m('paio di sci', 'paia di sci'),
    snowboard: m('snowboard', 'snowboard'),
    'sports ball': m('pallone', 'palloni'),
    kite: m('aquilone', 'aquiloni'),
    'baseball bat': f('mazza da baseball', 'mazze da baseball'),
    'baseball glove': m('guantone da baseball', 'guantoni da baseball'),
    skateboard: m('monopattino', 'monopattini'),
    surfboard: f('tavola da surf', 'tavole da surf'),
    'tennis racket': f('racchetta da tennis', 'racchette da tennis'),
    bottle: f('bottiglia', 'bottiglie'),
    'wine glass': m('bicchiere da vino', 'bicchieri da vino'),
    cup: f('tazza', 'tazze'),
    fork: f('forchetta', 'forchette'),
    knife: m('coltello', 'coltelli'),
    spoon: m('cucchiaio', 'cucchiai'),
    bowl: f('ciotola', 'ciotole'),
    banana: f('banana', 'banane'),
    apple: f('mela', 'mele'),
    sandwich: m('panino', 'panini'),
    orange: f('arancia', 'arance'),
    broccoli: m('broccolo', 'broccoli'),
    carrot: f('carota', 'carote'),
    'hot dog': m('hot dog', 'hot dog'),
    pizza: f('pizza', 'pizze'),
    donut: f('ciambella', 'ciambelle'),
    cake: f('torta', 'torte'),
    chair: f('sedia', 'sedie'),
    couch: m('divano', 'divani'),
    'potted plant': f('pianta in vaso', 'piante in vaso'),
    bed: m('letto', 'letti'),
    'dining table': m('tavolo da pranzo', 'tavoli da pranzo'),
    toilet: m('water', 'water'),
    tv: m('televisore', 'televisori'),
    laptop: m('computer portatile', 'computer portatili'),
    mouse: m('mouse', 'mouse'),
    remote: m('telecomando', 'telecomandi'),
    keyboard: f('tastiera', 'tastiere'),
    'cell phone': m('cellulare', 'cellulari'),
    microwave: m('forno a microonde', 'forni a microonde'),
    oven: m('forno', 'forni'),
    toaster: m('tostapane', 'tostapane'),
    sink: m('lavandino', 'lavandini'),
    refrigerator: m('frigorifero', 'frigoriferi'),
    book: m('libro', 'libri'),
    clock: m('orologio', 'orologi'),
    vase: m('vaso', 'vasi'),
    scissors: m('paio di forbici', 'paia di forbici'),
    'teddy bear': m('orsacchiotto', 'orsacchiotti'),
    'hair drier': m('asciugacapelli', 'asciugacapelli'),
    toothbrush: m('spazzolino da denti', 'spazzolini da denti'),
  },
};
