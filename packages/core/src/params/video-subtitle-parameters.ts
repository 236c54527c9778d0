// imgix's subtitle parameters (docs.imgix.com/apis/video/subtitles) that the 11.x catalogue
// predates: the languages, the tracks a URL brings of its own, and burn-in captions. Merged into
// the catalogue with the other additions (catalogue-additions.ts). Which of them need which is
// dependencies.ts's: several need one of two parameters, which `depends` cannot say.
import type { ParameterSpec } from './catalogue.ts';

const SUBTITLES_URL = 'https://docs.imgix.com/apis/video/subtitles';

/** The largest pixel size or margin of a caption: imgix's largest output side. */
const MAX_CAPTION_PIXELS = 8192;

/** A subtitle parameter's catalogue entry, in the category of the catalogue's own. */
function subtitleParameter(
  name: string,
  entry: Omit<ParameterSpec, 'category' | 'available_in' | 'url'>,
): ParameterSpec {
  return {
    category: 'video-rendering',
    available_in: ['url'],
    url: `${SUBTITLES_URL}/${name}`,
    ...entry,
  };
}

/** A burn-in caption parameter: read only when video-caption-style turns captions on. */
function captionParameter(
  name: string,
  entry: Omit<ParameterSpec, 'category' | 'available_in' | 'url' | 'depends'>,
): ParameterSpec {
  return subtitleParameter(name, { ...entry, depends: ['video-caption-style'] });
}

/** Either a generated track or a track of the URL's own: captions need one of them. */
const TRACK_SOURCES = ['video-generate-subtitles', 'video-subtitle-src'];

/** The subtitle parameters the catalogue does not have, by canonical name. */
export const VIDEO_SUBTITLE_PARAMETERS: Readonly<Record<string, ParameterSpec>> = {
  // .../video-subtitle-lang: "Forces a specific source language for AI transcription instead of
  // using automatic language detection. Also used to tag the language of a provided subtitle
  // track when using bring-your-own subtitles"; an ISO 639-1 or 639-2 code. The Japanese page:
  // "video-caption-lang は video-subtitle-lang のエイリアスとして使用できます" (an alias).
  'video-subtitle-lang': subtitleParameter('video-subtitle-lang', {
    display_name: 'video subtitle language',
    expects: [{ type: 'language' }],
    aliases: ['video-caption-lang'],
    depends: TRACK_SOURCES,
    short_description:
      'The spoken language of the video for transcription, or the language of a supplied track.',
  }),
  // .../video-vtt-lang: with fm=vtt, "the language of the subtitle track to return"; a language
  // the video has no track in is transcribed and translated on the fly.
  'video-vtt-lang': subtitleParameter('video-vtt-lang', {
    display_name: 'video VTT language',
    expects: [{ type: 'language' }],
    depends: TRACK_SOURCES,
    short_description: 'With fm=vtt, the language of the subtitle track returned.',
  }),
  // .../video-subtitle-src: "Supply your own VTT or SRT subtitle file as an external track
  // instead of using Imgix's AI transcription engine ... a URL-encoded URL pointing to a publicly
  // accessible .vtt or .srt file"; "video-caption-src and video-caption-src64 are accepted as
  // aliases". Indexed forms [1] to [9] (indexed-names.ts); `*64` is "a standard Base64-encoded
  // URL" (parse.ts).
  'video-subtitle-src': subtitleParameter('video-subtitle-src', {
    display_name: 'video subtitle source',
    expects: [{ type: 'url' }],
    aliases: ['video-caption-src'],
    short_description:
      'A WebVTT or SRT subtitle track of your own, fetched from its URL, instead of a transcription.',
  }),
  // .../video-caption-style: "plain", "karaoke" or "word-pop"; it turns burn-in captions on, and
  // they need a track: "Burn-in captions require video-generate-subtitles=true to generate the
  // transcription", or a supplied one.
  'video-caption-style': subtitleParameter('video-caption-style', {
    display_name: 'video caption style',
    expects: [{ type: 'string', possible_values: ['plain', 'karaoke', 'word-pop'] }],
    depends: TRACK_SOURCES,
    short_description: 'Burns the subtitles into the frames: plain, karaoke or word-pop.',
  }),
  // .../video-caption-color: "a hex color value (without the # prefix) ... applied to all caption
  // text. In karaoke style, this is the color of words that have not yet been spoken." Video
  // colours put their alpha digits last (RRGGBBAA), as txt-color's video page says.
  'video-caption-color': captionParameter('video-caption-color', {
    display_name: 'video caption color',
    expects: [{ type: 'hex_color', alpha_last: true }],
    default: 'FFFFFF',
    short_description: 'The color of burned-in caption text (of words not yet spoken in karaoke).',
  }),
  // .../video-caption-color: "use video-caption-highlight-color to set the color of the currently
  // spoken word". No stored page gives its default; yellow is Darkroom's.
  'video-caption-highlight-color': captionParameter('video-caption-highlight-color', {
    display_name: 'video caption highlight color',
    expects: [{ type: 'hex_color', alpha_last: true }],
    default: 'FFFF00',
    short_description: 'The color of the word being spoken, in karaoke captions.',
  }),
  // .../video-caption-stay (ja-JP): a boolean "only applied when video-caption-style=karaoke";
  // true keeps spoken words in the highlight colour, false (the default) turns them back.
  'video-caption-stay': captionParameter('video-caption-stay', {
    display_name: 'video caption stay',
    expects: [{ type: 'boolean' }],
    default: false,
    short_description: 'In karaoke captions, keeps the words already spoken highlighted.',
  }),
  // .../video-caption-font (ja-JP): "a font family name"; "the available fonts are the same as
  // those the Imgix text overlay system supports": txt-font's values.
  'video-caption-font': captionParameter('video-caption-font', {
    display_name: 'video caption font',
    expects: [{ type: 'font' }],
    short_description: 'The font family of burned-in captions, as txt-font names them.',
  }),
  // .../video-caption-size: "An integer in pixels — the absolute font size in pixels, applied to
  // the output video at its encoded resolution", or "a decimal value between 0.0 and 1.0 that
  // sets the font size relative to the output frame height".
  'video-caption-size': captionParameter('video-caption-size', {
    display_name: 'video caption size',
    expects: [
      { type: 'integer', strict_range: { min: 1 }, clamp_range: { max: MAX_CAPTION_PIXELS } },
      { type: 'unit_scalar', strict_range: { min: 0, max: 1 } },
    ],
    short_description: 'The font size of burned-in captions: pixels, or a fraction of the height.',
  }),
  // .../video-caption-align: "a comma-separated pair of vertical and horizontal alignment
  // values", top, middle or bottom (default) and left, center (default) or right.
  'video-caption-align': captionParameter('video-caption-align', {
    display_name: 'video caption align',
    expects: [
      {
        type: 'list',
        max_length: 2,
        possible_values: ['top', 'middle', 'bottom', 'left', 'center', 'right'],
      },
    ],
    default: 'bottom,center',
    short_description: 'Where burned-in captions sit in the frame, such as bottom,center.',
  }),
  // .../video-caption-margin-x (ja-JP): "an integer in pixels" that is both the inset from the
  // left and right edges and the wrap width ("the frame width minus twice the margin").
  'video-caption-margin-x': captionParameter('video-caption-margin-x', {
    display_name: 'video caption horizontal margin',
    expects: [
      { type: 'integer', strict_range: { min: 0 }, clamp_range: { max: MAX_CAPTION_PIXELS } },
    ],
    short_description: 'The inset of burned-in captions from the left and right edges.',
  }),
  // .../video-caption-margin-y (ja-JP): "an integer in pixels"; with video-caption-align=bottom
  // and video-caption-margin-y=40 the captions sit 40 pixels above the bottom edge.
  'video-caption-margin-y': captionParameter('video-caption-margin-y', {
    display_name: 'video caption vertical margin',
    expects: [
      { type: 'integer', strict_range: { min: 0 }, clamp_range: { max: MAX_CAPTION_PIXELS } },
    ],
    short_description: 'The inset of burned-in captions from the top or bottom edge.',
  }),
  // .../video-caption-embed: "By default (true), when burn-in captions are active, Imgix also
  // embeds the underlying VTT subtitle track into the output container"; false delivers "only
  // the burned-in visual captions".
  'video-caption-embed': captionParameter('video-caption-embed', {
    display_name: 'video caption embed',
    expects: [{ type: 'boolean' }],
    default: true,
    short_description: 'Also muxes the burned-in track into the file as a selectable text track.',
  }),
};
