// What a route module says about each of its routes for the API reference (OpenAPI 3.1,
// "Operation Object"). Schemas are the zod schemas the handler itself parses with, so the
// reference cannot drift from what the route accepts; the builder (document.ts) wraps them in
// JSON:API documents and adds what every route shares (security, errors, the envelope).
import type { z } from 'zod';

/** A query parameter the handler reads (its value is text, as every query value is). */
export interface QueryParameterDoc {
  name: string;
  description: string;
  schema: z.ZodType;
  required?: boolean;
}

/**
 * A JSON:API request document, `{ data: { type, id?, attributes } }` (JSON:API 1.0, "Creating
 * Resources"), whose attributes the handler parses with `attributes` (requestAttributes, then
 * this schema).
 */
export interface ResourceBodyDoc {
  resource: string;
  attributes: z.ZodType;
  /** An update: `data.id` may repeat the id of the URL. */
  id?: boolean;
}

/** A body that is no JSON:API document: a multipart upload, a provider's signed webhook. */
export interface MediaBodyDoc {
  mediaType: string;
  schema: z.ZodType;
  description: string;
}

/** A JSON:API data document: one resource of `resource` type, a list (`many`), or null data. */
export interface ResourceAnswerDoc {
  status: number;
  resource: string | null;
  many?: boolean;
  description?: string;
}

/** An answer that is no JSON:API document; `mediaType` null for an answer without a body. */
export interface MediaAnswerDoc {
  status: number;
  mediaType: string | null;
  description: string;
  schema?: z.ZodType;
}

export interface OperationDoc {
  /** One line, as the reference lists operations. */
  summary: string;
  /** More, in CommonMark (OpenAPI 3.1, "Rich Text Formatting"). */
  description?: string;
  /** The reference's section; those of /api/v4/admin and /api/v1 are grouped apart. */
  tag: string;
  /** What each path parameter holds, by its name in the route (`id`; `*` for a wildcard). */
  params?: Readonly<Record<string, string>>;
  query?: readonly QueryParameterDoc[];
  body?: ResourceBodyDoc | MediaBodyDoc;
  answer: ResourceAnswerDoc | MediaAnswerDoc;
  /** Statuses beyond those every route of its kind may answer (error-responses.ts). */
  errors?: readonly number[];
  /** API keys are refused: only a person's session may (API keys, signing out). */
  refusesApiKeys?: boolean;
  /** Also open without signing in, to whoever holds the link's `token` query parameter. */
  openWithToken?: boolean;
}

/** `METHOD path` (the path as the route registers it, under its plugin's prefix) to its docs. */
export type OperationDocs = Readonly<Record<string, OperationDoc>>;
