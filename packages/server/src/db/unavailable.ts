// Whether an error means the database could not be reached (as opposed to a query it refused):
// what the API answers with 503 database_unavailable instead of 500, and what /readyz reports.

/**
 * SQLSTATEs of a server that is going away or not taking connections (PostgreSQL, Appendix A):
 * class 08 "connection exception", 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03
 * cannot_connect_now (starting up or shutting down), 53300 too_many_connections.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** Socket errors of a connection that could not be made or was lost (Node's `error.code`). */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * pg and pg-pool report a lost or timed-out connection with these messages and no code
 * (pg/lib/client.js, pg-pool/index.js); Kysely and PGlite with these once closed.
 */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'timeout expired',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'driver has already been destroyed',
  'PGlite is closed',
];

/** Whether `error` says the database is unreachable, closed or refusing connections. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code } = error as { code?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('08') && code.length === 5) return true;
    if (UNAVAILABLE_SQLSTATES.has(code) || SOCKET_CODES.has(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message))) return true;
  // A connection to `localhost` tries each of its addresses (Node's autoSelectFamily) and fails
  // with all their errors together; pg-pool wraps a connection timeout around its cause.
  if (error instanceof AggregateError) {
    return error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1));
  }
  return isDatabaseUnavailable(error.cause, depth + 1);
}
