// A body stream that never ends cleanly unless it is whole: the issue's "partial objects are
// never treated as complete". It errors past the byte cap, when the origin stops short of the
// length it announced, and when the whole-request deadline passes while bytes still flow.
import { PassThrough, type Readable } from 'node:stream';
import { GuardedFetchError, toGuardedFetchError } from './guarded-fetch-error.ts';

export interface BodyLimits {
  maxBytes: number;
  /** The length the origin announced for this body (Content-Length), or null when unknown. */
  expectedLength: number | null;
  /** Absolute time (ms since epoch) after which the transfer is abandoned; null for none. */
  deadline: number | null;
  /** Turns the stream's error into the caller's own error type (storage adapters: StorageError). */
  mapError?: (error: GuardedFetchError) => Error;
}

/** Wraps `source` so that every way of being incomplete surfaces as a stream error. */
export function limitBody(source: Readable, limits: BodyLimits): Readable {
  const output = new PassThrough();
  let received = 0;
  let finished = false;

  const fail = (error: GuardedFetchError): void => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    source.destroy();
    output.destroy(limits.mapError === undefined ? error : limits.mapError(error));
  };

  const remaining = limits.deadline === null ? null : Math.max(0, limits.deadline - Date.now());
  const timer =
    remaining === null
      ? undefined
      : setTimeout(
          () => fail(new GuardedFetchError('timeout', 'The origin did not send the file in time.')),
          remaining,
        );
  // The deadline must not keep a process alive on its own.
  timer?.unref();

  source.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > limits.maxBytes) {
      fail(new GuardedFetchError('too_large', `The file is larger than ${limits.maxBytes} bytes.`));
      return;
    }
    if (!output.write(chunk)) source.pause();
  });
  output.on('drain', () => source.resume());
  source.on('end', () => {
    if (finished) return;
    if (limits.expectedLength !== null && received !== limits.expectedLength) {
      fail(
        new GuardedFetchError(
          'truncated',
          `The origin sent ${received} of ${limits.expectedLength} bytes.`,
        ),
      );
      return;
    }
    finished = true;
    clearTimeout(timer);
    output.end();
  });
  source.on('error', (error) => fail(toTruncation(error)));
  source.on('close', () => {
    // A source that closes without 'end' (a reset socket, an aborted request) stopped short.
    if (!finished && !source.readableEnded) {
      fail(new GuardedFetchError('truncated', 'The origin closed the connection early.'));
    }
  });
  output.on('close', () => {
    if (!finished) {
      // The reader gave up: stop pulling from the origin.
      finished = true;
      clearTimeout(timer);
      source.destroy();
    }
  });
  return output;
}

function toTruncation(error: unknown): GuardedFetchError {
  const mapped = toGuardedFetchError(error);
  if (mapped.kind === 'unreachable') {
    return new GuardedFetchError('truncated', 'The origin closed the connection early.', {
      cause: error,
    });
  }
  return mapped;
}
