// SubRip (`.srt`), the other format docs.imgix.com/apis/video/subtitles/video-subtitle-src takes
// ("a publicly accessible .vtt or .srt file"), read into the cues WebVTT is written from: numbered
// blocks of `HH:MM:SS,mmm --> HH:MM:SS,mmm` timings and text, separated by blank lines. The text
// keeps the markup WebVTT has too (<b>, <i>, <u>); other tags (<font>) and the ASS override blocks
// some files carry (`{\an8}`) are dropped, and what is left is escaped as WebVTT text (W3C
// WebVTT section 4.2.2: `&` and `<` start references and tags), so no file reaches a player or
// libass as written.
import { RenderError } from '../pipeline/context.ts';
import { cueText, WEBVTT_MAX_BYTES, WEBVTT_MAX_CUES, type Cue } from './webvtt.ts';

// Hours of any length, a comma (or the dot some writers use) before 1-3 digits of fraction.
const TIMESTAMP = /^(\d+):([0-5]?\d):([0-5]?\d)[,.](\d{1,3})$/;
// Timings, and the X1:... Y2:... coordinates of some writers after them, which are ignored.
const TIMINGS = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+.*)?$/;
const CUE_NUMBER = /^\d+$/;
// The markup kept, and the tags and ASS override blocks dropped.
const KEPT_TAGS = new Set(['b', 'i', 'u']);
const MARKUP = /<(\/?)([a-z]+)\b[^>]*>|\{\\[^}]*\}/gi;

function timestampMs(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (match === null) return null;
  const [, hours = '0', minutes = '0', seconds = '0', fraction = '0'] = match;
  const millis = Number(fraction.padEnd(3, '0'));
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + millis;
}

/** Text escaped as WebVTT cue text: a reference or a tag is read only where Darkroom wrote one. */
function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** A SubRip cue's text as WebVTT cue text: b, i and u kept, other markup dropped, the rest escaped. */
export function srtCueText(text: string): string {
  let written = '';
  let from = 0;
  for (const match of text.matchAll(MARKUP)) {
    written += escapeText(text.slice(from, match.index));
    const [, closing = '', tag = ''] = match;
    if (KEPT_TAGS.has(tag.toLowerCase())) written += `<${closing}${tag.toLowerCase()}>`;
    from = match.index + match[0].length;
  }
  return cueText(written + escapeText(text.slice(from)));
}

/**
 * The cues of a SubRip file. `what` names the file for the refusal: a file that is not SubRip,
 * has timings that do not parse or passes the bounds of WebVTT's (webvtt.ts) is a 422.
 */
export function parseSrt(text: string, what: string): Cue[] {
  const refuse = (reason: string) =>
    new RenderError(422, `${what} is neither WebVTT nor SubRip (SRT): ${reason}.`);
  if (Buffer.byteLength(text, 'utf8') > WEBVTT_MAX_BYTES) {
    throw new RenderError(422, `${what} is larger than ${WEBVTT_MAX_BYTES} bytes.`);
  }
  const blocks = text
    .replace(/^\uFEFF/, '')
    .replaceAll('\u0000', '\uFFFD')
    .split(/\r\n|\r|\n/)
    .reduce<string[][]>(
      (found, line) => {
        if (line.trim() === '') found.push([]);
        else found.at(-1)?.push(line);
        return found;
      },
      [[]],
    )
    .filter((block) => block.length > 0);
  const cues: Cue[] = [];
  for (const block of blocks) {
    const timingsAt = CUE_NUMBER.test((block[0] ?? '').trim()) ? 1 : 0;
    const line = (block[timingsAt] ?? '').trim();
    const timings = TIMINGS.exec(line);
    const startMs = timestampMs(timings?.[1] ?? '');
    const endMs = timestampMs(timings?.[2] ?? '');
    if (timings === null || startMs === null || endMs === null) {
      throw refuse(`"${line.slice(0, 60)}" are not cue timings`);
    }
    if (endMs < startMs)
      throw refuse(`a cue ends (${timings[2]}) before it starts (${timings[1]})`);
    if (cues.length === WEBVTT_MAX_CUES) throw refuse(`it has more than ${WEBVTT_MAX_CUES} cues`);
    cues.push({
      id: null,
      startMs,
      endMs,
      settings: '',
      text: srtCueText(block.slice(timingsAt + 1).join('\n')),
    });
  }
  if (cues.length === 0) throw refuse('it holds no cue');
  return cues;
}
