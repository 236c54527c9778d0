// The error answers of the reference, one response component per status, each listing the codes
// of core's catalogue (ERROR_CODES, spec platform section 8) a JSON:API errors document of that
// status may carry; and which of them an operation may answer.
import { STATUS_CODES } from 'node:http';
import { ERROR_CODES, JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import { ERROR_DOCUMENT_REF } from './envelopes.ts';
import type { JsonSchema } from './json-schema.ts';
import type { Access } from './security.ts';

function codesByStatus(): Map<number, string[]> {
  const byStatus = new Map<number, string[]>();
  for (const [code, { status }] of Object.entries(ERROR_CODES)) {
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return byStatus;
}

const CATALOGUE = codesByStatus();

function responseName(status: number): string {
  return `Error${status}`;
}

/** components.responses: an errors document per status of the catalogue, and `Error` for any. */
export function errorResponses(): Record<string, JsonSchema> {
  const responses: Record<string, JsonSchema> = {
    Error: {
      description: 'A JSON:API errors document (500 internal_error when the server failed).',
      content: { [JSONAPI_MEDIA_TYPE]: { schema: ERROR_DOCUMENT_REF } },
    },
  };
  for (const [status, codes] of CATALOGUE) {
    responses[responseName(status)] = {
      description: `${STATUS_CODES[status] ?? 'Error'}: ${codes.map((code) => `\`${code}\``).join(', ')}.`,
      content: {
        [JSONAPI_MEDIA_TYPE]: {
          schema: {
            allOf: [
              ERROR_DOCUMENT_REF,
              {
                properties: {
                  errors: {
                    items: {
                      properties: {
                        status: { const: String(status) },
                        code: { enum: codes },
                      },
                    },
                  },
                },
              },
            ],
          },
        },
      },
    };
  }
  return responses;
}

export interface ErrorContext {
  method: string;
  jsonBody: boolean;
  pathParameters: boolean;
  access: Access | undefined;
  extra: readonly number[];
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The statuses an operation may answer besides its success: those every API request may
 * (400 for a malformed request, 429 past the rate limit), those its kind brings (401 signed out,
 * 403 without its permission group, 404 for what a path names, 415 and 422 for a body, 503 for a
 * write in read-only mode), and those its docs add.
 */
export function errorStatuses(context: ErrorContext): number[] {
  const { access } = context;
  const statuses = new Set<number>([400, 429, ...context.extra]);
  if (access !== 'public') statuses.add(401);
  const grouped = access !== undefined && !['public', 'signed_in', 'admin'].includes(access);
  if (grouped) statuses.add(403);
  // Under /api/v4/admin anyone but an administrator is told the route does not exist.
  if (context.pathParameters || access === 'admin') statuses.add(404);
  if (context.jsonBody) {
    statuses.add(415);
    statuses.add(422);
  }
  if (WRITES.has(context.method)) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** The Responses Object entry of an error status. */
export function errorResponse(status: number): JsonSchema {
  return CATALOGUE.has(status)
    ? { $ref: `#/components/responses/${responseName(status)}` }
    : { description: STATUS_CODES[status] ?? 'Error' };
}

export const DEFAULT_ERROR_RESPONSE: JsonSchema = { $ref: '#/components/responses/Error' };
