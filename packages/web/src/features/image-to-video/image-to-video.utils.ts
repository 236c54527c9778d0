// The image-to-video page (editor spec section 2): from the still the editor hands over to the
// `fm=mp4` rendering URL the server turns into a pan-and-zoom clip (render `motionResult`).

/** The renderer's clip length: 5 s by default, 1 to 20 (render `motionResult`). */
export const DEFAULT_CLIP_SECONDS = 5;
export const MIN_CLIP_SECONDS = 1;
export const MAX_CLIP_SECONDS = 20;

/** Where the zoom heads, 0 to 1 across and down the picture. */
export interface FocalPoint {
  x: number;
  y: number;
}

export const CENTRE: FocalPoint = { x: 0.5, y: 0.5 };

/**
 * The still a video is made from: an origin path of the source, or a rendering URL of it whose
 * parameters (the editor's resize, crop, formatting) shape the still.
 */
export interface SourceImage {
  originPath: string;
  /** The rendering URL given, to check against the asset's own; null for an origin path. */
  stillUrl: URL | null;
  /** The still's own rendering parameters, without those the video sets. */
  stillParams: [string, string][];
}

// Parameters the video sets itself, or that would stop the rendering URL being the video's:
// a signature made for another query, a download flag, another format, another focal point.
const SET_BY_VIDEO = new Set(['s', 'dl', 'fm', 'video-clip-duration', 'crop', 'fp-x', 'fp-y']);

/**
 * The still named by `sourceImage`, or why it cannot be used: an origin path (`/a/b.jpg`, with
 * rendering parameters after `?` if any) or an absolute rendering URL.
 */
export function parseSourceImage(value: string | null): SourceImage | { error: string } {
  const text = value?.trim() ?? '';
  if (text === '') {
    return { error: 'No image was given. Open an image in the editor and choose Image to Video.' };
  }
  const relative = text.startsWith('/');
  if (relative && text.startsWith('//')) return INVALID;
  // URL parsing would quietly resolve a climb out of the folder; it is refused instead.
  if (/(^|\/)(\.|%2e){2}(\/|$)/i.test(text.split(/[?#]/, 1)[0] ?? '')) return INVALID;
  let url: URL;
  let originPath: string;
  try {
    url = new URL(text, RELATIVE_BASE);
    originPath = decodeURIComponent(url.pathname);
  } catch {
    return INVALID;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return INVALID;
  if (!relative && url.origin === RELATIVE_BASE) return INVALID;
  const invalid = validPath(originPath);
  if (invalid !== null) return invalid;
  const stillParams = [...url.searchParams].filter(([name]) => !SET_BY_VIDEO.has(name));
  return { originPath, stillUrl: relative ? null : url, stillParams };
}

const INVALID = { error: 'The image address is not valid.' };
// Resolves an origin path for parsing only; the asset's own delivery URL replaces it.
const RELATIVE_BASE = 'http://origin-path.invalid';

function validPath(path: string): { error: string } | null {
  const segments = path.split('/').slice(1);
  if (segments.length === 0 || segments.some((segment) => segment === '' || segment === '..')) {
    return INVALID;
  }
  return null;
}

/** True when a rendering URL serves the asset whose delivery URL is `assetUrl`. */
export function isRenderingOf(stillUrl: URL, assetUrl: string): boolean {
  const asset = new URL(assetUrl);
  return stillUrl.origin === asset.origin && stillUrl.pathname === asset.pathname;
}

export function clampSeconds(seconds: number): number {
  if (!Number.isFinite(seconds)) return DEFAULT_CLIP_SECONDS;
  return Math.min(MAX_CLIP_SECONDS, Math.max(MIN_CLIP_SECONDS, Math.round(seconds)));
}

/** A focal point kept inside the picture, to two decimals (as the URL carries it). */
export function clampFocalPoint(point: FocalPoint): FocalPoint {
  const clamp = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 100) / 100;
  return { x: clamp(point.x), y: clamp(point.y) };
}

/** The focal point of a click at (`clientX`, `clientY`) on an element occupying `rect`. */
export function focalPointAt(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
): FocalPoint {
  if (rect.width <= 0 || rect.height <= 0) return CENTRE;
  return clampFocalPoint({
    x: (clientX - rect.left) / rect.width,
    y: (clientY - rect.top) / rect.height,
  });
}

/** The still's rendering URL: the asset's delivery URL with the still's parameters. */
export function stillUrlFor(assetUrl: string, image: SourceImage): string {
  const url = new URL(assetUrl);
  for (const [name, value] of image.stillParams) url.searchParams.set(name, value);
  return url.toString();
}

export interface VideoOptions {
  seconds: number;
  focus: FocalPoint;
}

/** The MP4's rendering URL: the still, as a clip zooming towards the focal point. */
export function videoUrlFor(assetUrl: string, image: SourceImage, options: VideoOptions): string {
  const url = new URL(stillUrlFor(assetUrl, image));
  const focus = clampFocalPoint(options.focus);
  url.searchParams.set('fm', 'mp4');
  url.searchParams.set('video-clip-duration', String(clampSeconds(options.seconds)));
  url.searchParams.set('crop', 'focalpoint');
  url.searchParams.set('fp-x', String(focus.x));
  url.searchParams.set('fp-y', String(focus.y));
  return url.toString();
}

/** The download of a video: the same rendering with an attachment name ending in .mp4. */
export function videoDownloadUrl(videoUrl: string, originPath: string): string {
  const url = new URL(videoUrl);
  const name = originPath.split('/').filter(Boolean).at(-1) ?? 'video';
  url.searchParams.set('dl', `${name.replace(/\.[^.]*$/, '')}.mp4`);
  return url.toString();
}
