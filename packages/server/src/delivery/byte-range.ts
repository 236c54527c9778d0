// Byte ranges of a delivered answer (RFC 9110 section 14): a video element asks for parts of an
// MP4 to seek, and download managers resume. One range per request is served; a request for
// several gets the whole answer (200), as RFC 9110 allows.

export type RangeAnswer =
  { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * What to send for a `Range` header over a body of `size` bytes. `ifRange` (the If-Range header)
 * that does not name the current ETag asks for the whole answer.
 */
export function byteRange(
  range: string | undefined,
  ifRange: string | undefined,
  etag: string,
  size: number,
): RangeAnswer {
  if (range === undefined) return { kind: 'whole' };
  if (ifRange !== undefined && ifRange !== etag) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(range.trim());
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (end < start) return { kind: 'whole' };
  return { kind: 'part', start, end };
}
