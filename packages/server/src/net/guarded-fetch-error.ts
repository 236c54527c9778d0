/** Why a guarded fetch failed; the storage adapters turn these into StorageError kinds. */
export type GuardedFetchErrorKind =
  | 'invalid_url'
  | 'unsupported_scheme'
  | 'blocked_address'
  | 'unreachable'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'truncated';

export class GuardedFetchError extends Error {
  readonly kind: GuardedFetchErrorKind;

  constructor(kind: GuardedFetchErrorKind, message: string, options: { cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'GuardedFetchError';
    this.kind = kind;
  }
}

/** The first GuardedFetchError in an error's cause chain (undici wraps connector errors). */
export function findGuardedFetchError(error: unknown): GuardedFetchError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    if (current instanceof GuardedFetchError) return current;
    current = current.cause;
  }
  return null;
}

const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NONAME',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

const TIMEOUT_CODES = new Set([
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** The error code of an error or of the first error in its cause chain that has one. */
export function errorCode(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth += 1) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return null;
}

/** Turns whatever a fetch threw into a GuardedFetchError. */
export function toGuardedFetchError(error: unknown): GuardedFetchError {
  const known = findGuardedFetchError(error);
  if (known !== null) return known;
  const code = errorCode(error);
  if (code !== null && TIMEOUT_CODES.has(code)) {
    return new GuardedFetchError('timeout', 'The origin did not answer in time.', { cause: error });
  }
  if (error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError')) {
    return new GuardedFetchError('timeout', 'The origin did not answer in time.', { cause: error });
  }
  const detail = code !== null && UNREACHABLE_CODES.has(code) ? ` (${code})` : '';
  return new GuardedFetchError('unreachable', `The origin could not be reached${detail}.`, {
    cause: error,
  });
}
