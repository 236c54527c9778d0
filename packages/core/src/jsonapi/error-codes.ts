/**
 * The one catalogue of API error codes with their HTTP status and public title.
 * The server renders these as JSON:API `errors[]`; the dashboard maps codes to UI.
 */
export const ERROR_CODES = {
  bad_request: { status: 400, title: 'Bad request' },
  malformed_json: { status: 400, title: 'Malformed JSON' },
  invalid_parameter: { status: 400, title: 'Invalid parameter' },
  unauthorized: { status: 401, title: 'Authentication required' },
  invalid_credentials: { status: 401, title: 'Invalid credentials' },
  forbidden: { status: 403, title: 'Forbidden' },
  not_found: { status: 404, title: 'Not found' },
  route_not_found: { status: 404, title: 'Route not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  not_acceptable: { status: 406, title: 'Not acceptable' },
  conflict: { status: 409, title: 'Conflict' },
  email_taken: { status: 409, title: 'Email already registered' },
  payload_too_large: { status: 413, title: 'Payload too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  validation_failed: { status: 422, title: 'Validation failed' },
  weak_password: { status: 422, title: 'Weak password' },
  rate_limited: { status: 429, title: 'Too many requests' },
  internal_error: { status: 500, title: 'Internal server error' },
  read_only: { status: 503, title: 'Read-only mode' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Spec platform section 8: the rate-limit message shown to users. */
export const RATE_LIMIT_DETAIL = "You've exceeded your request limit. Please try again later.";

/** Spec platform section 8: the error-boundary message. */
export const GENERIC_PAGE_ERROR =
  'Sorry, something went wrong. Please refresh the page and try again.';
