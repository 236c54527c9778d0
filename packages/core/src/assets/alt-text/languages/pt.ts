import { countWord, feminine as f, joinList, masculine as m } from '../nouns.ts';
import type { AltTextGrammar, ColourWords, Noun } from '../types.ts';

// Brazilian vocabulary ('cachorro', 'celular', 'geladeira'); readers in Portugal understand it.
const NUMBERS = ['dois', 'três', 'quatro', 'cinco', 'seis', 'sete', 'oito', 'nove', 'dez'];

// 'fundo' is masculine, so the colours are written in their masculine form.
const colour = (name: string): ColourWords => ({ background: name, shade: name });

/** Unlike the other Romance languages here, Portuguese 'two' agrees in gender (duas pessoas). */
function count(item: Noun, value: number): string {
  return value === 2 && item.gender === 'f' ? 'duas' : countWord(value, NUMBERS);
}

export const portuguese: AltTextGrammar = {
  kinds: { IMAGE: 'Foto', ANIMATION: 'Imagem animada', VIDEO: 'Vídeo' },
  subject: (item, value) =>
    value === 1
      ? `${item.gender === 'f' ? 'uma' : 'um'} ${item.one}`
      : `${count(item, value)} ${item.many}`,
  objects: (kind, subjects, background) =>
    `${kind} de ${joinList(subjects, 'e')}` +
    (background ? ` sobre fundo ${background.background}` : ''),
  faces: (kind, value) =>
    value === 1
      ? `${kind} do rosto de uma pessoa`
      : `${kind} dos rostos de ${value === 2 ? 'duas' : countWord(value, NUMBERS)} pessoas`,
  shades: (kind, colours) =>
    colours.length === 0
      ? kind
      : `${kind} em tons de ${joinList(
          colours.map((words) => words.shade),
          'e',
        )}`,
  colours: {
    black: colour('preto'),
    white: colour('branco'),
    gray: colour('cinza'),
    red: colour('vermelho'),
    orange: colour('laranja'),
    yellow: colour('amarelo'),
    green: colour('verde'),
    blue: colour('azul'),
    purple: colour('roxo'),
    pink: colour('rosa'),
    brown: colour('marrom'),
    beige: colour('bege'),
  },
  nouns: {
    person: f('pessoa', 'pessoas'),
    bicycle: f('bicicleta', 'bicicletas'),
    car: m('carro', 'carros'),
    motorcycle: f('moto', 'motos'),
    airplane: m('avião', 'aviões'),
    bus: m('ônibus', 'ônibus'),
    train: m('trem', 'trens'),
    truck: m('caminhão', 'caminhões'),
    boat: m('barco', 'barcos'),
    'traffic light': m('semáforo', 'semáforos'),
    'fire hydrant': m('hidrante', 'hidrantes'),
    'stop sign': f('placa de pare', 'placas de pare'),
    'parking meter': m('parquímetro', 'parquímetros'),
    bench: m('banco', 'bancos'),
    bird: m('pássaro', 'pássaros'),
    cat: m('gato', 'gatos'),
    dog: m('cachorro', 'cachorros'),
    horse: m('cavalo', 'cavalos'),
    sheep: f('ovelha', 'ovelhas'),
    cow: f('vaca', 'vacas'),
    elephant: m('elefante', 'elefantes'),
    bear: m('urso', 'ursos'),
    zebra: f('zebra', 'zebras'),
    giraffe: f('girafa', 'girafas'),
    backpack: f('mochila', 'mochilas'),
    umbrella: m('guarda-chuva', 'guarda-chuvas'),
    handbag: f('bolsa', 'bolsas'),
    tie: f('gravata', 'gravatas'),
    suitcase: f('mala', 'malas'),
    frisbee: m('frisbee', 'frisbees'),
    skis: m('par de esquis', 'pares de esquis'),
    snowboard: f('prancha de snowboard', 'pranchas de snowboard'),
    'sports ball': f('bola', 'bolas'),
    kite: f('pipa', 'pipas'),
    'baseball bat': m('taco de beisebol', 'tacos de beisebol'),
    'baseball glove': f('luva de beisebol', 'luvas de beisebol'),
    skateboard: m('skate', 'skates'),
    surfboard: f('prancha de surfe', 'pranchas de surfe'),
    'tennis racket': f('raquete de tênis', 'raquetes de tênis'),
    bottle: f('garrafa', 'garrafas'),
    'wine glass': f('taça de vinho', 'taças de vinho'),
    cup: f('xícara', 'xícaras'),
    fork: m('garfo', 'garfos'),
    knife: f('faca', 'facas'),
    spoon: f('colher', 'colheres'),
    bowl: f('tigela', 'tigelas'),
    banana: f('banana', 'bananas'),
    apple: f('maçã', 'maçãs'),
    sandwich: m('sanduíche', 'sanduíches'),
    orange: f('laranja', 'laranjas'),
    broccoli: m('brócolis', 'brócolis'),
    carrot: f('cenoura', 'cenouras'),
    'hot dog': m('cachorro-quente', 'cachorros-quentes'),
    pizza: f('pizza', 'pizzas'),
    donut: f('rosquinha', 'rosquinhas'),
    cake: m('bolo', 'bolos'),
    chair: f('cadeira', 'cadeiras'),
    couch: m('sofá', 'sofás'),
    'potted plant': f('planta em vaso', 'plantas em vaso'),
    bed: f('cama', 'camas'),
    'dining table': f('mesa de jantar', 'mesas de jantar'),
    toilet: m('vaso sanitário', 'vasos sanitários'),
    tv: f('televisão', 'televisões'),
    laptop: m('notebook', 'notebooks'),
    mouse: m('mouse', 'mouses'),
    remote: m('controle remoto', 'controles remotos'),
    keyboard: m('teclado', 'teclados'),
    'cell phone': m('celular', 'celulares'),
    microwave: m('micro-ondas', 'micro-ondas'),
    oven: m('forno', 'fornos'),
    toaster: f('torradeira', 'torradeiras'),
    sink: f('pia', 'pias'),
    refrigerator: f('geladeira', 'geladeiras'),
    book: m('livro', 'livros'),
    clock: m('relógio', 'relógios'),
    vase: m('vaso', 'vasos'),
    scissors: f('tesoura', 'tesouras'),
    'teddy bear': m('ursinho de pelúcia', 'ursinhos de pelúcia'),
    'hair drier': m('secador de cabelo', 'secadores de cabelo'),
    toothbrush: f('escova de dentes', 'escovas de dentes'),
  },
};
