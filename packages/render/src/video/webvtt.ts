// WebVTT (W3C "WebVTT: The Web Video Text Tracks Format", section 4) as the subtitle features
// read and write it: every track that comes from outside (a transcription provider's answer, a
// video's own subtitle stream converted by ffmpeg) is parsed into cues, bounded, before anything
// keeps it, and every track Darkroom answers is written from cues.
import { RenderError } from '../pipeline/context.ts';
import type { ClipWindow } from './video-plan.ts';

/** One cue: when it shows and what it says. */
export interface Cue {
  /** The cue identifier, or null. */
  id: string | null;
  startMs: number;
  endMs: number;
  /** The cue settings after the timings (`align:start line:0`), or ''. */
  settings: string;
  /** The cue text, its lines joined by `\n`; never a blank line or `-->` (cueText). */
  text: string;
}

/** The largest track read, in bytes of UTF-8: an hour of dense speech is about 200 KB. */
export const WEBVTT_MAX_BYTES = 4 * 1024 * 1024;
/** The most cues a track may hold. */
export const WEBVTT_MAX_CUES = 20_000;

const SIGNATURE = /^WEBVTT(?:[ \t]|$)/;
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;
const TIMINGS = /^(\S+)[ \t]+-->[ \t]+(\S+)(?:[ \t]+(.*))?$/;
// Blocks of the header area that are not cues (sections 4.1 and 6.1).
const NOT_CUES = /^(?:NOTE|STYLE|REGION)(?:[ \t]|$)/;

function timestampMs(text: string): number | null {
  const match = TIMESTAMP.exec(text);
  if (match === null) return null;
  const [, hours = '0', minutes = '0', seconds = '0', millis = '0'] = match;
  return ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000 + Number(millis);
}

/** `HH:MM:SS.mmm`, the form section 4.2 gives with hours. */
export function formatTimestamp(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

/**
 * Text made safe as a cue's payload: a blank line would end the cue and `-->` would read as
 * timings (section 4.1), so line breaks are kept one at a time and arrows are broken.
 */
export function cueText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n')
    .replaceAll('-->', '->');
}

/**
 * The cues of a WebVTT file. `what` names the file for the refusal: a file that is not WebVTT,
 * has timings that do not parse or passes the bounds is a 422, since it came from outside.
 */
export function parseWebVtt(text: string, what: string): Cue[] {
  const refuse = (reason: string) => new RenderError(422, `${what} is not WebVTT: ${reason}.`);
  if (Buffer.byteLength(text, 'utf8') > WEBVTT_MAX_BYTES) {
    throw new RenderError(422, `${what} is larger than ${WEBVTT_MAX_BYTES} bytes.`);
  }
  const lines = text
    .replace(/^\uFEFF/, '')
    // Section 6.1: NUL is read as U+FFFD.
    .replaceAll('\u0000', '\uFFFD')
    .split(/\r\n|\r|\n/);
  if (!SIGNATURE.test(lines[0] ?? '')) throw refuse('it does not start with WEBVTT');
  const cues: Cue[] = [];
  let block: string[] = [];
  const endBlock = () => {
    const cue = block.length === 0 ? null : cueOf(block, refuse);
    block = [];
    if (cue === null) return;
    if (cues.length === WEBVTT_MAX_CUES) throw refuse(`it has more than ${WEBVTT_MAX_CUES} cues`);
    cues.push(cue);
  };
  // The header runs to the first blank line (section 4.1), or to timings that follow it at once,
  // which start the first cue as the parser of section 6.1 reads them.
  let header = true;
  for (const line of lines.slice(1)) {
    if (header) {
      header = line.trim() !== '' && !line.includes('-->');
      if (header || line.trim() === '') continue;
    }
    if (line.trim() === '') endBlock();
    else block.push(line);
  }
  endBlock();
  return cues;
}

/** The cue of one block, or null for a block that is none (a note, a style, a region). */
function cueOf(block: readonly string[], refuse: (reason: string) => Error): Cue | null {
  const timingsAt = block.findIndex((line) => line.includes('-->'));
  if (timingsAt === -1 || timingsAt > 1) {
    if (NOT_CUES.test(block[0] ?? '') || timingsAt === -1) return null;
    throw refuse(`"${block[0]?.slice(0, 40) ?? ''}" is neither a cue identifier nor timings`);
  }
  const timings = TIMINGS.exec((block[timingsAt] ?? '').trim());
  const startMs = timestampMs(timings?.[1] ?? '');
  const endMs = timestampMs(timings?.[2] ?? '');
  if (timings === null || startMs === null || endMs === null) {
    throw refuse(`"${block[timingsAt]?.slice(0, 60) ?? ''}" are not cue timings`);
  }
  if (endMs < startMs) throw refuse(`a cue ends (${timings[2]}) before it starts (${timings[1]})`);
  const payload = block.slice(timingsAt + 1);
  if (payload.some((line) => line.includes('-->'))) throw refuse('a cue text holds "-->"');
  return {
    id: timingsAt === 1 ? (block[0] ?? null) : null,
    startMs,
    endMs,
    settings: (timings[3] ?? '').trim(),
    text: payload.join('\n'),
  };
}

/** A WebVTT file of `cues`, with `headers` (such as `X-TIMESTAMP-MAP=...`) after the signature. */
export function formatWebVtt(cues: readonly Cue[], headers: readonly string[] = []): string {
  const blocks = cues.map((cue) => {
    const timings = `${formatTimestamp(cue.startMs)} --> ${formatTimestamp(cue.endMs)}`;
    return [
      ...(cue.id === null ? [] : [cue.id]),
      cue.settings === '' ? timings : `${timings} ${cue.settings}`,
      ...(cue.text === '' ? [] : [cue.text]),
    ].join('\n');
  });
  return `${[['WEBVTT', ...headers].join('\n'), ...blocks].join('\n\n')}\n`;
}

/**
 * The cues of a clip window, its start at 0: cues outside it are left out and those across its
 * edges cut at them, so a track matches the clip `video-clip-*` cut from the video.
 */
export function cuesWithin(cues: readonly Cue[], window: ClipWindow): Cue[] {
  const startMs = Math.round(window.startS * 1000);
  const endMs = startMs + Math.round(window.durationS * 1000);
  return cues
    .filter((cue) => cue.endMs > startMs && cue.startMs < endMs)
    .map((cue) => ({
      ...cue,
      startMs: Math.max(cue.startMs, startMs) - startMs,
      endMs: Math.min(cue.endMs, endMs) - startMs,
    }));
}
