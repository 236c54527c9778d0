import { countWord, feminine as f, joinList, masculine as m, neuter as n } from '../nouns.ts';
import type { AltTextGrammar, ColourWords } from '../types.ts';

// The template says 'Foto mit einer Katze und zwei Hunden vor braunem Hintergrund': every noun
// follows 'mit', so the vocabulary holds the dative forms ('einem Bären', 'zwei Hunden'), and the
// colours their strong dative form after 'vor' as well as the noun used for 'in den Farben'.

const NUMBERS = ['zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun', 'zehn'];

const colour = (background: string, shade: string): ColourWords => ({ background, shade });

export const german: AltTextGrammar = {
  kinds: { IMAGE: 'Foto', ANIMATION: 'Animiertes Bild', VIDEO: 'Video' },
  subject: (item, count) =>
    count === 1
      ? `${item.gender === 'f' ? 'einer' : 'einem'} ${item.one}`
      : `${countWord(count, NUMBERS)} ${item.many}`,
  objects: (kind, subjects, background) =>
    `${kind} mit ${joinList(subjects, 'und')}` +
    (background ? ` vor ${background.background} Hintergrund` : ''),
  faces: (kind, count) =>
    count === 1
      ? `${kind} des Gesichts einer Person`
      : `${kind} der Gesichter von ${countWord(count, NUMBERS)} Personen`,
  shades: (kind, colours) =>
    colours.length === 0
      ? kind
      : `${kind} in den Farben ${joinList(
          colours.map((words) => words.shade),
          'und',
        )}`,
  colours: {
    black: colour('schwarzem', 'Schwarz'),
    white: colour('weißem', 'Weiß'),
    gray: colour('grauem', 'Grau'),
    red: colour('rotem', 'Rot'),
    orange: colour('orangefarbenem', 'Orange'),
    yellow: colour('gelbem', 'Gelb'),
    green: colour('grünem', 'Grün'),
    blue: colour('blauem', 'Blau'),
    purple: colour('violettem', 'Violett'),
    pink: colour('rosafarbenem', 'Rosa'),
    brown: colour('braunem', 'Braun'),
    beige: colour('beigefarbenem', 'Beige'),
  },
  nouns: {
    person: f('Person', 'Personen'),
    bicycle: n('Fahrrad', 'Fahrrädern'),
    car: n('Auto', 'Autos'),
    motorcycle: n('Motorrad', 'Motorrädern'),
    airplane: n('Flugzeug', 'Flugzeugen'),
    bus: m('Bus', 'Bussen'),
    train: m('Zug', 'Zügen'),
    truck: m('Lastwagen', 'Lastwagen'),
    boat: n('Boot', 'Booten'),
    'traffic light': f('Ampel', 'Ampeln'),
    'fire hydrant': m('Hydranten', 'Hydranten'),
    'stop sign': n('Stoppschild', 'Stoppschildern'),
    'parking meter': f('Parkuhr', 'Parkuhren'),
    bench: f('Bank', 'Bänken'),
    bird: m('Vogel', 'Vögeln'),
    cat: f('Katze', 'Katzen'),
    dog: m('Hund', 'Hunden'),
    horse: n('Pferd', 'Pferden'),
    sheep: n('Schaf', 'Schafen'),
    cow: f('Kuh', 'Kühen'),
    elephant: m('Elefanten', 'Elefanten'),
    bear: m('Bären', 'Bären'),
    zebra: n('Zebra', 'Zebras'),
    giraffe: f('Giraffe', 'Giraffen'),
    backpack: m('Rucksack', 'Rucksäcken'),
    umbrella: m('Regenschirm', 'Regenschirmen'),
    handbag: f('Handtasche', 'Handtaschen'),
    tie: f('Krawatte', 'Krawatten'),
    suitcase: m('Koffer', 'Koffern'),
    frisbee: n('Frisbee', 'Frisbees'),
    skis: n('Paar Ski', 'Paar Ski'),
    snowboard: n('Snowboard', 'Snowboards'),
    'sports ball': m('Ball', 'Bällen'),
    kite: m('Drachen', 'Drachen'),
    'baseball bat': m('Baseballschläger', 'Baseballschlägern'),
    'baseball glove': m('Baseballhandschuh', 'Baseballhandschuhen'),
    skateboard: n('Skateboard', 'Skateboards'),
    surfboard: n('Surfbrett', 'Surfbrettern'),
    'tennis racket': m('Tennisschläger', 'Tennisschlägern'),
    bottle: f('Flasche', 'Flaschen'),
    'wine glass': n('Weinglas', 'Weingläsern'),
    cup: f('Tasse', 'Tassen'),
    fork: f('Gabel', 'Gabeln'),
    knife: n('Messer', 'Messern'),
    spoon: m('Löffel', 'Löffeln'),
    bowl: f('Schüssel', 'Schüsseln'),
    banana: f('Banane', 'Bananen'),
    apple: m('Apfel', 'Äpfeln'),
    sandwich: n('Sandwich', 'Sandwiches'),
    orange: f('Orange', 'Orangen'),
    broccoli: m('Brokkoli', 'Brokkolis'),
    carrot: f('Karotte', 'Karotten'),
    'hot dog': m('Hotdog', 'Hotdogs'),
    pizza: f('Pizza', 'Pizzen'),
    donut: m('Donut', 'Donuts'),
    cake: m('Kuchen', 'Kuchen'),
    chair: m('Stuhl', 'Stühlen'),
    couch: n('Sofa', 'Sofas'),
    'potted plant': f('Topfpflanze', 'Topfpflanzen'),
    bed: n('Bett', 'Betten'),
    'dining table': m('Esstisch', 'Esstischen'),
    toilet: f('Toilette', 'Toiletten'),
    tv: m('Fernseher', 'Fernsehern'),
    laptop: m('Laptop', 'Laptops'),
    mouse: f('Computermaus', 'Computermäusen'),
    remote: f('Fernbedienung', 'Fernbedienungen'),
    keyboard: f('Tastatur', 'Tastaturen'),
    'cell phone': n('Handy', 'Handys'),
    microwave: f('Mikrowelle', 'Mikrowellen'),
    oven: m('Backofen', 'Backöfen'),
    toaster: m('Toaster', 'Toastern'),
    sink: n('Spülbecken', 'Spülbecken'),
    refrigerator: m('Kühlschrank', 'Kühlschränken'),
    book: n('Buch', 'Büchern'),
    clock: f('Uhr', 'Uhren'),
    vase: f('Vase', 'Vasen'),
    scissors: f('Schere', 'Scheren'),
    'teddy bear': m('Teddybären', 'Teddybären'),
    'hair drier': m('Föhn', 'Föhnen'),
    toothbrush: f('Zahnbürste', 'Zahnbürsten'),
  },
};
