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
  // An account that requires single sign-on refuses its users' passwords (POST /sessions).
  sso_required: { status: 403, title: 'Single sign-on required' },
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
  // An email locked out of password sign-in after repeated failures (OWASP Authentication Cheat
  // Sheet, "Account Lockout"): too many requests in a given time, so 429 with Retry-After (RFC 6585).
  sign_in_locked: { status: 429, title: 'Too many failed sign-ins' },
  internal_error: { status: 500, title: 'Internal server error' },
  read_only: { status: 503, title: 'Read-only mode' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
  // The database could not be reached (down, restarting, failing over): the request was not
  // completed and may be sent again (RFC 9110 section 15.6.4: 503, with Retry-After).
  database_unavailable: { status: 503, title: 'Database unavailable' },
  // Spec platform section 8, "Source creation and credentials": a failed storage check names
  // what failed in its code and the field in its pointer; the detail is the catalogue sentence.
  invalid_source_config: { status: 422, title: 'Invalid source configuration' },
  invalid_access_key: { status: 422, title: 'Invalid access key' },
  invalid_secret_key: { status: 422, title: 'Invalid secret key' },
  bucket_not_found: { status: 422, title: 'Bucket does not exist' },
  invalid_bucket_name: { status: 422, title: 'Invalid bucket name' },
  invalid_region: { status: 422, title: 'Invalid region' },
  invalid_endpoint_url: { status: 422, title: 'Invalid endpoint URL' },
  invalid_host_name: { status: 422, title: 'Invalid host name' },
  invalid_sas_string: { status: 422, title: 'Invalid SAS string' },
  invalid_url: { status: 422, title: 'Invalid URL' },
  // A plan's allowance of sources or users is used up (spec platform section 3, plan attributes
  // sources_included and users_included); the detail ends with the upgrade page (section 6).
  plan_limit_reached: { status: 403, title: 'Plan limit reached' },
  // An origin that failed to answer a read the API made for the caller (an asset refresh).
  origin_error: { status: 502, title: 'Bad gateway' },
  // The mail server refused or never took an invitation; nothing was kept, so it can be retried.
  mail_not_sent: { status: 502, title: 'Mail not sent' },
  // An invitation or password-reset link past its expiry or already used (RFC 9110, 15.5.11).
  link_expired: { status: 410, title: 'Link expired' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Whether a code sent by a server (any string) is one the catalogue knows. */
export function isErrorCode(code: string | null | undefined): code is ErrorCode {
  return typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);
}

/**
 * Whether a code read off an answer is the catalogue's `expected` code. Taking `expected` as an
 * `ErrorCode` rather than a string makes a misspelt or removed code a type error.
 */
export function matchesErrorCode(code: string | null | undefined, expected: ErrorCode): boolean {
  return code === expected;
}

/** Spec platform section 8: the rate-limit message shown to users. */
export const RATE_LIMIT_DETAIL = "You've exceeded your request limit. Please try again later.";

/** Spec platform section 8: the error-boundary message. */
export const GENERIC_PAGE_ERROR =
  'Sorry, something went wrong. Please refresh the page and try again.';
