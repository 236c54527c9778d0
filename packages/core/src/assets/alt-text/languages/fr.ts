import { countWord, feminine as f, joinList, masculine as m } from '../nouns.ts';
import type { AltTextGrammar, ColourWords } from '../types.ts';

const NUMBERS = ['deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix'];

// 'fond' is masculine, so the colours are written in their masculine form.
const colour = (name: string): ColourWords => ({ background: name, shade: name });

/** 'de' before each listed item, elided before 'un'/'une' (the number words never elide). */
const of = (item: string) => (/^une?\b/.test(item) ? `d'${item}` : `de ${item}`);

export const french: AltTextGrammar = {
  kinds: { IMAGE: 'Photo', ANIMATION: 'Image animée', VIDEO: 'Vidéo' },
  subject: (item, count) =>
    count === 1
      ? `${item.gender === 'f' ? 'une' : 'un'} ${item.one}`
      : `${countWord(count, NUMBERS)} ${item.many}`,
  objects: (kind, subjects, background) =>
    `${kind} ${joinList(subjects.map(of), 'et')}` +
    (background ? ` sur fond ${background.background}` : ''),
  faces: (kind, count) =>
    count === 1
      ? `${kind} du visage d'une personne`
      : `${kind} des visages de ${countWord(count, NUMBERS)} personnes`,
  shades: (kind, colours) =>
    colours.length === 0
      ? kind
      : `${kind} dans les tons ${joinList(
          colours.map((words) => words.shade),
          'et',
        )}`,
  colours: {
    black: colour('noir'),
    white: colour('blanc'),
    gray: colour('gris'),
    red: colour('rouge'),
    orange: colour('orange'),
    yellow: colour('jaune'),
    green: colour('vert'),
    blue: colour('bleu'),
    purple: colour('violet'),
    pink: colour('rose'),
    brown: colour('marron'),
    beige: colour('beige'),
  },
  nouns: {
    person: f('personne', 'personnes'),
    bicycle: m('vélo', 'vélos'),
    car: f('voiture', 'voitures'),
    motorcycle: f('moto', 'motos'),
    airplane: m('avion', 'avions'),
    bus: m('bus', 'bus'),
    train: m('train', 'trains'),
    truck: m('camion', 'camions'),
    boat: m('bateau', 'bateaux'),
    'traffic light': m('feu de circulation', 'feux de circulation'),
    'fire hydrant': f("bouche d'incendie", "bouches d'incendie"),
    'stop sign': m('panneau stop', 'panneaux stop'),
    'parking meter': m('parcmètre', 'parcmètres'),
    bench: m('banc', 'bancs'),
    bird: m('oiseau', 'oiseaux'),
    cat: m('chat', 'chats'),
    dog: m('chien', 'chiens'),
    horse: m('cheval', 'chevaux'),
    sheep: m('mouton', 'moutons'),
    cow: f('vache', 'vaches'),
    elephant: m('éléphant', 'éléphants'),
    bear: m('ours', 'ours'),
    zebra: m('zèbre', 'zèbres'),
    giraffe: f('girafe', 'girafes'),
    backpack: m('sac à dos', 'sacs à dos'),
    umbrella: m('parapluie', 'parapluies'),
    handbag: m('sac à main', 'sacs à main'),
    tie: f('cravate', 'cravates'),
    suitcase: f('valise', 'valises'),
    frisbee: m('frisbee', 'frisbees'),
    skis: f('paire de skis', 'paires de skis'),
    snowboard: m('snowboard', 'snowboards'),
    'sports ball': m('ballon', 'ballons'),
    kite: m('cerf-volant', 'cerfs-volants'),
    'baseball bat': f('batte de baseball', 'battes de baseball'),
    'baseball glove': m('gant de baseball', 'gants de baseball'),
    skateboard: m('skateboard', 'skateboards'),
    surfboard: f('planche de surf', 'planches de surf'),
    'tennis racket': f('raquette de tennis', 'raquettes de tennis'),
    bottle: f('bouteille', 'bouteilles'),
    'wine glass': m('verre à vin', 'verres à vin'),
    cup: f('tasse', 'tasses'),
    fork: f('fourchette', 'fourchettes'),
    knife: m('couteau', 'couteaux'),
    spoon: f('cuillère', 'cuillères'),
    bowl: m('bol', 'bols'),
    banana: f('banane', 'bananes'),
    apple: f('pomme', 'pommes'),
    sandwich: m('sandwich', 'sandwichs'),
    orange: f('orange', 'oranges'),
    broccoli: m('brocoli', 'brocolis'),
    carrot: f('carotte', 'carottes'),
    'hot dog': m('hot-dog', 'hot-dogs'),
    pizza: f('pizza', 'pizzas'),
    donut: m('beignet', 'beignets'),
    cake: m('gâteau', 'gâteaux'),
    chair: f('chaise', 'chaises'),
    couch: m('canapé', 'canapés'),
    'potted plant': f('plante en pot', 'plantes en pot'),
    bed: m('lit', 'lits'),
    'dining table': f('table à manger', 'tables à manger'),
    toilet: f('cuvette de toilettes', 'cuvettes de toilettes'),
    tv: m('téléviseur', 'téléviseurs'),
    laptop: m('ordinateur portable', 'ordinateurs portables'),
    mouse: f('souris', 'souris'),
    remote: f('télécommande', 'télécommandes'),
    keyboard: m('clavier', 'claviers'),
    'cell phone': m('téléphone portable', 'téléphones portables'),
    microwave: m('micro-ondes', 'micro-ondes'),
    oven: m('four', 'fours'),
    toaster: m('grille-pain', 'grille-pain'),
    sink: m('évier', 'éviers'),
    refrigerator: m('réfrigérateur', 'réfrigérateurs'),
    book: m('livre', 'livres'),
    clock: f('horloge', 'horloges'),
    vase: m('vase', 'vases'),
    scissors: f('paire de ciseaux', 'paires de ciseaux'),
    'teddy bear': m('ours en peluche', 'ours en peluche'),
    'hair drier': m('sèche-cheveux', 'sèche-cheveux'),
    toothbrush: f('brosse à dents', 'brosses à dents'),
  },
};
