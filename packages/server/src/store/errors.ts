/** Whether a database error is a unique-constraint violation (PostgreSQL SQLSTATE 23505). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: name } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && (constraint === undefined || name === constraint);
}

/** An error the database answered, with its SQLSTATE; its text is for the log, never a client. */
export interface DatabaseError extends Error {
  code: string;
  severity: string;
}

/** Whether an error came from PostgreSQL or PGlite (both carry a SQLSTATE code and a severity). */
export function isDatabaseError(error: unknown): error is DatabaseError {
  if (!(error instanceof Error)) return false;
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}
