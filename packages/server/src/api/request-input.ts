// What no API request may carry, decided here once for every route rather than by each schema:
// text PostgreSQL cannot store (NUL, which neither text nor jsonb holds, and unpaired UTF-16
// surrogates, which have no UTF-8 form), JSON member names that reach an object's prototype, JSON
// nested deeper than any document of this API, and numbers too large for JSON to carry.
import type { ErrorSource } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { apiError, type ApiError } from '../errors.ts';

/** Deeper than any document of the API (a source's production settings are four levels). */
export const MAX_JSON_DEPTH = 32;

// NUL, a high surrogate without its low half, or a low surrogate without its high half. Without
// the `u` flag the pattern reads UTF-16 code units, which is what an unpaired surrogate is.
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function codePoint(unit: string): string {
  return `U+${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** What to do about the first character of `text` the database cannot store, or null. */
export function unstorableTextDetail(text: string, where: string): string | null {
  const found = UNSTORABLE.exec(text)?.[0];
  if (found === undefined) return null;
  return found === '\0'
    ? `Remove the NUL character (U+0000) from ${where}: text cannot hold it.`
    : `Remove the unpaired UTF-16 surrogate (${codePoint(found)}) from ${where}: it is half of a character and has no UTF-8 form.`;
}

interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | null;
  key: string;
}

/** The JSON pointer (RFC 6901) of a visited value. */
function pointerOf(visit: Visit): string {
  const segments: string[] = [];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) {
    segments.push(at.key.replaceAll('~', '~0').replaceAll('/', '~1'));
  }
  return segments
    .reverse()
    .map((segment) => `/${segment}`)
    .join('');
}

function refusedMember(key: string, value: unknown): boolean {
  // What secure-json-parse refuses: a prototype, by name or as constructor.prototype.
  if (key === '__proto__') return true;
  return (
    key === 'constructor' &&
    typeof value === 'object' &&
    value !== null &&
    Object.hasOwn(value, 'prototype')
  );
}

function refusal(visit: Visit): ApiError | null {
  const { value, depth } = visit;
  const pointer = pointerOf(visit);
  if (typeof value === 'string') {
    const detail = unstorableTextDetail(value, 'this value');
    return detail === null ? null : apiError('validation_failed', detail, { pointer });
  }
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return apiError(
      'validation_failed',
      'This number is too large to be read (JSON gives it as infinity): use one in the range of the field.',
      { pointer },
    );
  }
  if (typeof value === 'object' && value !== null && depth > MAX_JSON_DEPTH) {
    return apiError(
      'bad_request',
      `The request body nests deeper than ${MAX_JSON_DEPTH} levels; no document of this API does.`,
      { pointer },
    );
  }
  return null;
}

/**
 * The 4xx of the first thing in a parsed JSON body that no route may receive, with the pointer
 * to it; null when there is none. Walks without recursion, so a body nested thousands deep cannot
 * overflow the stack before it is refused.
 */
export function jsonBodyRefusal(body: unknown): ApiError | null {
  const pending: Visit[] = [{ value: body, depth: 1, parent: null, key: '' }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const refused = refusal(visit);
    if (refused !== null) return refused;
    const { value } = visit;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const next: Visit = { value: child, depth: visit.depth + 1, parent: visit, key };
      if (refusedMember(key, child)) {
        return apiError(
          'bad_request',
          `Remove the ${key === '__proto__' ? '__proto__' : 'constructor.prototype'} member: names that reach an object's prototype are refused.`,
          { pointer: pointerOf(next) },
        );
      }
      const keyDetail = Array.isArray(value) ? null : unstorableTextDetail(key, 'this member name');
      if (keyDetail !== null) {
        return apiError('validation_failed', keyDetail, { pointer: pointerOf(next) });
      }
      pending.push(next);
    }
  }
  return null;
}

/** The first name or value of `entries` (query parameters, path parameters) with such text. */
function firstUnstorable(
  entries: Record<string, unknown>,
  where: (name: string) => string,
): { name: string; detail: string } | null {
  for (const [name, value] of Object.entries(entries)) {
    const nameDetail = unstorableTextDetail(name, 'the parameter name');
    if (nameDetail !== null) return { name, detail: nameDetail };
    for (const text of Array.isArray(value) ? value : [value]) {
      const detail = typeof text === 'string' ? unstorableTextDetail(text, where(name)) : null;
      if (detail !== null) return { name, detail };
    }
  }
  return null;
}

/**
 * Refuses, before any handler, a query parameter (422 naming it) or a path (400) of an API
 * request with text the database cannot store. Bodies are checked as they are parsed
 * (content-type.ts).
 */
export function registerRequestInputChecks(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const query = firstUnstorable((request.query ?? {}) as Record<string, unknown>, (name) =>
      name === '' ? 'the query' : `the ${name} parameter`,
    );
    if (query !== null) {
      const source: ErrorSource = { parameter: query.name };
      throw apiError('validation_failed', query.detail, source);
    }
    const path = firstUnstorable(
      (request.params ?? {}) as Record<string, unknown>,
      () => 'the path',
    );
    if (path !== null) throw apiError('bad_request', path.detail);
  });
}
