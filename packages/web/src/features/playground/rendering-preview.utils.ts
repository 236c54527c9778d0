// What the playground reads from a delivery answer: its facts for the preview, and its error
// message as the delivery gives it (imgix answers errors as plain text, spec platform section 8).

/** The header naming the parameters delivery ignored (server delivery/response-headers.ts). */
export const IGNORED_PARAMS_HEADER = 'X-Darkroom-Ignored-Params';

export interface PreviewFacts {
  contentType: string;
  bytes: number;
  /** From the request leaving the browser to the last byte arriving. */
  roundTripMs: number;
  /** The server's own time, when it sends a Server-Timing header (W3C Server Timing). */
  serverMs: number | null;
  /** Names delivery ignored, as imgix ignores names it does not know. */
  ignoredParams: string[];
}

/**
 * The total of a Server-Timing header's durations (W3C Server Timing, `name;dur=12.5`): a
 * `total` metric when there is one, else the sum of the metrics.
 */
export function serverTimingMs(header: string | null): number | null {
  if (!header) return null;
  const metrics = header.split(',').map((metric) => {
    const [name = '', ...parts] = metric.split(';').map((part) => part.trim());
    const duration = parts.find((part) => part.startsWith('dur='));
    return { name, dur: duration === undefined ? Number.NaN : Number(duration.slice(4)) };
  });
  const timed = metrics.filter((metric) => Number.isFinite(metric.dur));
  if (timed.length === 0) return null;
  const total = timed.find((metric) => metric.name === 'total');
  return total ? total.dur : timed.reduce((sum, metric) => sum + metric.dur, 0);
}

/** The ignored names of the header, decoded. */
export function ignoredParamsOf(header: string | null): string[] {
  if (!header) return [];
  return header
    .split(',')
    .filter((name) => name !== '' && name !== '...')
    .map((name) => {
      try {
        return decodeURIComponent(name);
      } catch {
        return name;
      }
    });
}

/** The message of a refused render: the delivery's text, else its status. */
export function failureMessageOf(status: number, statusText: string, body: string): string {
  const text = body.trim();
  if (text !== '' && text.length <= 2000 && !text.startsWith('<')) return text;
  return `The delivery answered ${status}${statusText ? ` ${statusText}` : ''}.`;
}

/** "image/webp" -> "WEBP": the format as the facts show it. */
export function formatNameOf(contentType: string): string {
  const type = contentType.split(';')[0]?.trim() ?? '';
  const subtype = type.split('/')[1] ?? type;
  return (
    subtype
      .replace(/^x-/, '')
      .replace(/\+xml$/, '')
      .toUpperCase() || 'Unknown'
  );
}
