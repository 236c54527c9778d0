// The errors the API answers (JSON:API `errors[]`), from the one catalogue of codes the server
// and the dashboard share (core's ERROR_CODES, spec platform section 8).
import { ERROR_CODES, type ErrorCode, type ErrorObject, type ErrorSource } from '@darkroom/core';
import type { z } from 'zod';

export interface ApiErrorItem {
  code: ErrorCode;
  detail: string;
  source?: ErrorSource;
}

/**
 * An error answered to the client as a JSON:API `errors` document. Every error the API
 * means to show goes through this class and the ERROR_CODES catalogue; anything else
 * thrown becomes an opaque 500.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: readonly ErrorObject[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(items: ApiErrorItem | readonly ApiErrorItem[], headers: Record<string, string> = {}) {
    const list = Array.isArray(items)
      ? (items as readonly ApiErrorItem[])
      : [items as ApiErrorItem];
    const first = list[0];
    if (first === undefined) throw new TypeError('ApiError needs at least one error');
    super(first.detail);
    this.name = 'ApiError';
    this.status = ERROR_CODES[first.code].status;
    this.errors = list.map(toErrorObject);
    this.headers = headers;
  }
}

function toErrorObject({ code, detail, source }: ApiErrorItem): ErrorObject {
  const { status, title } = ERROR_CODES[code];
  return { status: String(status), code, title, detail, ...(source ? { source } : {}) };
}

/** Shorthand for the common single-error case. */
export function apiError(code: ErrorCode, detail: string, source?: ErrorSource): ApiError {
  return new ApiError({ code, detail, ...(source ? { source } : {}) });
}

/** The 404 of a path no route answers (also what non-admins see under /api/v4/admin). */
export function routeNotFound(method: string, url: string): ApiError {
  const path = url.split('?')[0] ?? url;
  return apiError('route_not_found', `No route matches ${method} ${path}.`);
}

/** 409 for an email another user already has (emails are unique in any letter case). */
export function emailTaken(): ApiError {
  return apiError('email_taken', 'A user with this email already exists.', {
    pointer: '/data/attributes/email',
  });
}

const REQUIRED = 'This field is required';

/**
 * One 422 error per invalid attribute, pointing at `/data/attributes/<field>`. A password
 * that is too short is `weak_password` so clients can tell it from other mistakes.
 */
export function attributeErrors(error: z.ZodError, attributes: Record<string, unknown>): ApiError {
  const seen = new Set<string>();
  const items: ApiErrorItem[] = [];
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('/');
    if (seen.has(field)) continue;
    seen.add(field);
    const top = String(issue.path[0] ?? '');
    const missing = issue.code === 'invalid_type' && attributes[top] == null;
    items.push({
      code:
        top === 'password' && issue.code === 'too_small' ? 'weak_password' : 'validation_failed',
      detail: missing ? REQUIRED : issue.message,
      source: { pointer: field ? `/data/attributes/${field}` : '/data/attributes' },
    });
  }
  return new ApiError(items);
}
