// The JSON:API 1.0 documents every route answers and takes (documents.ts sends them,
// request-document.ts reads them), as OpenAPI components. The members are core's document types
// written as zod schemas, each checked against its type by `satisfies`, so a change to the
// envelope that is not made here too fails the type check.
import {
  JSONAPI_VERSION,
  type AuthenticationMeta,
  type DocumentMeta,
  type ErrorDocument,
  type ErrorObject,
  type PaginationMeta,
  type ResourceObject,
  type ServerMeta,
} from '@darkroom/core';
import { z } from 'zod';
import {
  componentName,
  openApiSchema,
  type JsonSchema,
  type SchemaComponents,
} from './json-schema.ts';

const jsonApi = z.object({ version: z.literal(JSONAPI_VERSION) });

const authenticationMeta = z.object({
  authorized: z.boolean(),
  clientId: z.string().nullable().describe('The session or API key the request was made with.'),
  mode: z.enum(['anonymous', 'user', 'admin', 'impersonation']),
  modeTitle: z.string(),
  tag: z.string().nullable().describe('The account the request acts for.'),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
}) satisfies z.ZodType<AuthenticationMeta>;

const serverMeta = z.object({
  commit: z.string(),
  status: z.enum(['healthy', 'read_only', 'tombstone']),
  version: z.string(),
}) satisfies z.ZodType<ServerMeta>;

const paginationMeta = z.object({
  currentPage: z.number().int(),
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  nextPage: z.number().int().nullable(),
  pageSize: z.number().int(),
  previousPage: z.number().int().nullable(),
  totalPages: z.number().int(),
  totalRecords: z.number().int(),
}) satisfies z.ZodType<PaginationMeta>;

const documentMeta = z.object({
  authentication: authenticationMeta,
  server: serverMeta,
  pagination: paginationMeta.optional().describe('On lists: the page answered.'),
}) satisfies z.ZodType<DocumentMeta>;

const resourceIdentifier = z.object({ type: z.string(), id: z.string() });

const resource = z.object({
  type: z.string(),
  id: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  relationships: z
    .record(
      z.string(),
      z.object({
        data: z.union([resourceIdentifier, z.array(resourceIdentifier), z.null()]),
      }),
    )
    .optional(),
}) satisfies z.ZodType<ResourceObject>;

const errorObject = z.object({
  status: z.string().describe('The HTTP status, as text.'),
  code: z.string().describe("The error's code in the catalogue (spec platform section 8)."),
  title: z.string(),
  detail: z.string().describe('What went wrong and what to do, for people.'),
  source: z
    .object({
      pointer: z
        .string()
        .optional()
        .describe('The JSON pointer (RFC 6901) of the body member at fault.'),
      parameter: z.string().optional().describe('The query parameter at fault.'),
    })
    .optional(),
}) satisfies z.ZodType<ErrorObject>;

const errorDocument = z.object({
  errors: z.array(errorObject).min(1),
  jsonapi: jsonApi,
  meta: documentMeta,
}) satisfies z.ZodType<ErrorDocument>;

const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Adds the envelope's shared schemas to components.schemas. */
export function addEnvelopeSchemas(components: SchemaComponents): void {
  const shared = { JsonApi: jsonApi, DocumentMeta: documentMeta, Resource: resource };
  for (const [name, schema] of Object.entries(shared)) {
    components[name] = openApiSchema(schema, name, components, 'output');
  }
  components.ErrorDocument = openApiSchema(errorDocument, 'ErrorDocument', components, 'output');
}

export const ERROR_DOCUMENT_REF = ref('ErrorDocument');

/** A resource of one type: the shared Resource, its `type` fixed. */
function resourceOf(type: string, components: SchemaComponents): JsonSchema {
  const name = componentName(`Resource.${type}`);
  components[name] ??= {
    allOf: [ref('Resource')],
    properties: { type: { type: 'string', const: type } },
  };
  return ref(name);
}

/** The data document of an answer: one resource of `type`, a list of them, or null data. */
export function dataDocumentSchema(
  type: string | null,
  many: boolean,
  components: SchemaComponents,
): JsonSchema {
  const one = type === null ? { type: 'null' } : resourceOf(type, components);
  return {
    type: 'object',
    required: ['data', 'jsonapi', 'meta'],
    properties: {
      data: many ? { type: 'array', items: one } : one,
      included: {
        type: 'array',
        items: ref('Resource'),
        description: 'Related resources the request asked for with `include`.',
      },
      jsonapi: ref('JsonApi'),
      meta: ref('DocumentMeta'),
    },
  };
}

/**
 * A request document carrying one resource of `type` (JSON:API 1.0, "Creating Resources"):
 * `attributes` is the converted schema the handler parses `data.attributes` with, required when
 * that schema refuses an empty object (requestAttributes reads a missing member as one).
 */
export function requestDocumentSchema(
  type: string,
  attributes: JsonSchema,
  attributesRequired: boolean,
  withId: boolean,
): JsonSchema {
  return {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'object',
        required: attributesRequired ? ['type', 'attributes'] : ['type'],
        properties: {
          type: { type: 'string', const: type },
          ...(withId
            ? { id: { type: 'string', description: 'If given, the id in the URL.' } }
            : {}),
          attributes,
        },
      },
    },
  };
}
