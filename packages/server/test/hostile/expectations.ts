// What a hostile request may be answered with (no input gets a 5xx): the battery and
// the tests judge every answer with the same rules.
import type { RawAnswer } from './raw-http.ts';

export interface StatusExpectation {
  /** Read in a report: "below 500", "4xx", "2xx, 413, 415 or 422". */
  readonly label: string;
  accepts(status: number): boolean;
}

/** Any answer but a server error: the input may be valid, clamped or refused. */
export const ANY_ANSWER: StatusExpectation = {
  label: 'below 500',
  accepts: (status) => status < 500,
};

/** Malformed input: refused with a 4xx. */
export const REFUSAL: StatusExpectation = {
  label: '4xx',
  accepts: (status) => status >= 400 && status < 500,
};

/** Exactly these statuses. */
export function oneOf(...statuses: number[]): StatusExpectation {
  return {
    label: statuses.join(' or '),
    accepts: (status) => statuses.includes(status),
  };
}

/** A hostile origin file: rendered, or refused as too large (413), unreadable (415) or bad (422). */
export const HOSTILE_FILE_ANSWER: StatusExpectation = {
  label: '2xx, 413, 415 or 422',
  accepts: (status) => (status >= 200 && status < 300) || [413, 415, 422].includes(status),
};

/**
 * Why `answer` breaks `expectation`, or null when it does not. A request the server never answered
 * (it timed out, or the connection closed first) fails whatever was expected, unless closing is
 * the answer asked for (an upload that stopped sending: the server times it out).
 */
export function answerProblem(
  expectation: StatusExpectation,
  answer: RawAnswer,
  options: { closeIsAnAnswer?: boolean } = {},
): string | null {
  if (answer.outcome === 'aborted') return null;
  if (answer.outcome === 'closed' && options.closeIsAnAnswer === true) return null;
  if (answer.status === null) {
    return answer.outcome === 'timeout'
      ? `no answer within ${(answer.ms / 1000).toFixed(0)} s`
      : `connection closed without an answer after ${(answer.ms / 1000).toFixed(1)} s`;
  }
  if (expectation.accepts(answer.status)) return null;
  const excerpt = answer.excerpt === '' ? '' : `: ${answer.excerpt.slice(0, 160)}`;
  return `${answer.status} (expected ${expectation.label})${excerpt}`;
}
