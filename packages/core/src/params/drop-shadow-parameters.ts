// imgix's drop-shadow family (docs.imgix.com/apis/rendering/drop-shadow) and its watermark twin
// (docs.imgix.com/apis/rendering/watermark/watermark-drop-shadow*), which the 11.x catalogue
// predates; merged into the catalogue with the other additions (catalogue-additions.ts).
//
// imgix answers no bad value of the family with an error: a negative or non-numeric blur "draws
// no shadow", an unknown type or mode "falls back" to flat or manual, a colour that does not parse
// "falls back to the default", and the ranges are clamps ("values are rounded into 0-100"). So
// those values all parse (a trailing `string` reading takes any text the render then ignores) and
// the ranges are `clamp_range`s; only a value no page speaks of (an offset that is neither whole
// pixels nor a -1-1 fraction, an angle that is no number) is refused.
import type { Expectation, ParameterSpec } from './catalogue.ts';

const IMAGE_URL = 'https://docs.imgix.com/apis/rendering/drop-shadow';
const MARK_URL = 'https://docs.imgix.com/apis/rendering/watermark/watermark-drop-shadow';

/** Any text: the reading of last resort for the values imgix ignores instead of refusing. */
const ANY_TEXT: Expectation = { type: 'string' };

/** "0 to 100 pixels ... above 100 drawn as 100"; a negative or non-numeric value draws nothing. */
const BLUR: readonly Expectation[] = [
  { type: 'number', strict_range: { min: 0 }, clamp_range: { max: 100 } },
  ANY_TEXT,
];
const TYPES: readonly Expectation[] = [
  { type: 'string', possible_values: ['flat', 'cast', 'float', 'inset'] },
  ANY_TEXT,
];
/** Whole pixels (times dpr), or a fraction of the layer's side between -1 and 1. */
const OFFSET: readonly Expectation[] = [
  { type: 'integer' },
  { type: 'number', strict_range: { min: -1, max: 1 } },
];
const COLOUR: readonly Expectation[] = [{ type: 'hex_color' }, { type: 'color_keyword' }, ANY_TEXT];
const clamped = (min: number, max: number): readonly Expectation[] => [
  { type: 'number', clamp_range: { min, max } },
];

interface Member {
  suffix: string;
  expects: readonly Expectation[];
  default?: string | number;
  /** The image page's name (docs.imgix.com/apis/rendering/drop-shadow/<page>). */
  page: string;
  /** The watermark page's name; absent when the watermark has no such parameter. */
  markPage?: string;
  display: string;
  description: string;
}

const MEMBERS: readonly Member[] = [
  {
    suffix: '',
    expects: BLUR,
    page: 'drop-shadow',
    markPage: '',
    display: 'drop shadow',
    description: "Draws a shadow shaped by the layer's transparency, blurred this many pixels.",
  },
  {
    suffix: '-type',
    expects: TYPES,
    default: 'flat',
    page: 'drop-shadow-type',
    markPage: '-type',
    display: 'drop shadow type',
    description: 'The kind of shadow: flat (offset), cast (on the floor), float (a pool), inset.',
  },
  {
    suffix: '-x',
    expects: OFFSET,
    default: 0,
    page: 'drop-shadow-x',
    markPage: '-x-position',
    display: 'drop shadow x',
    description: 'Moves a flat or inset shadow right (negative: left).',
  },
  {
    suffix: '-y',
    expects: OFFSET,
    default: 0,
    page: 'drop-shadow-y',
    markPage: '-y-position',
    display: 'drop shadow y',
    description: "Moves a flat or inset shadow down; a float shadow's hover gap.",
  },
  {
    suffix: '-color',
    expects: COLOUR,
    default: 'BF000000',
    page: 'drop-shadow-color',
    markPage: '-color',
    display: 'drop shadow color',
    description: 'The colour of the shadow; its alpha sets how dark it is.',
  },
  {
    suffix: '-spread',
    expects: clamped(-100, 100),
    default: 0,
    page: 'drop-shadow-spread',
    markPage: '-spread',
    display: 'drop shadow spread',
    description: 'Grows (or shrinks) a flat or inset shadow before it is blurred.',
  },
  {
    suffix: '-softness',
    expects: clamped(0, 100),
    default: 50,
    page: 'drop-shadow-softness',
    markPage: '-softness',
    display: 'drop shadow softness',
    description: 'The size of the light of a cast shadow: larger blurs it with distance.',
  },
  {
    suffix: '-falloff',
    expects: clamped(0, 100),
    default: 0,
    page: 'drop-shadow-falloff',
    markPage: '-falloff',
    display: 'drop shadow falloff',
    description: 'Fades a cast shadow towards its tip.',
  },
  {
    suffix: '-azimuth',
    expects: [{ type: 'number' }],
    default: 215,
    page: 'drop-shadow-azimuth',
    markPage: '-azimuth',
    display: 'drop shadow azimuth',
    description: 'Where the light of a cast shadow comes from, in degrees around the subject.',
  },
  {
    suffix: '-elevation',
    expects: clamped(5, 90),
    default: 45,
    page: 'drop-shadow-elevation',
    markPage: '-elevation',
    display: 'drop shadow elevation',
    description: 'How high the light of a cast shadow is, 5 to 90 degrees: lower is longer.',
  },
  {
    suffix: '-pose',
    expects: clamped(0, 90),
    default: 90,
    page: 'drop-shadow-pose',
    markPage: '-pose',
    display: 'drop shadow pose',
    description: 'How the subject of a cast shadow was shot: 90 upright and head-on, 0 from above.',
  },
  {
    suffix: '-mode',
    expects: [{ type: 'string', possible_values: ['manual', 'ai'] }, ANY_TEXT],
    default: 'manual',
    page: 'drop-shadow-mode',
    display: 'drop shadow mode',
    description: "How a cast shadow learns the subject's shape: manual (from pose) or ai.",
  },
];

function spec(
  member: Member,
  name: string,
  category: string,
  depends: readonly string[],
  url: string,
): ParameterSpec {
  return {
    display_name: name.startsWith('mark-') ? `watermark ${member.display}` : member.display,
    category,
    available_in: ['url'],
    expects: member.expects,
    ...(member.default !== undefined && { default: member.default }),
    ...(depends.length > 0 && { depends }),
    url,
    short_description: member.description,
  };
}

/** `drop-shadow*` and `mark-drop-shadow*` (no `mark-drop-shadow-mode`: marks never use ai). */
export const DROP_SHADOW_PARAMETERS: Readonly<Record<string, ParameterSpec>> = Object.fromEntries(
  MEMBERS.flatMap((member) => {
    const image = `drop-shadow${member.suffix}`;
    const entries: [string, ParameterSpec][] = [
      [
        image,
        spec(
          member,
          image,
          'drop-shadow',
          member.suffix === '' ? [] : ['drop-shadow'],
          `${IMAGE_URL}/${member.page}`,
        ),
      ],
    ];
    if (member.markPage !== undefined) {
      const mark = `mark-drop-shadow${member.suffix}`;
      const depends = member.suffix === '' ? ['mark'] : ['mark', 'mark-drop-shadow'];
      entries.push([mark, spec(member, mark, 'watermark', depends, MARK_URL + member.markPage)]);
    }
    return entries;
  }),
);
