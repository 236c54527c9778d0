// Builds the OpenAPI 3.1 document of the API from the docs route modules gave (registry.ts): each
// operation's schemas converted from the handler's own zod schemas and wrapped in JSON:API
// documents, with who may call it and the errors it may answer.
import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import type { z } from 'zod';
import { SERVER_VERSION } from '../../version.ts';
import { API_PREFIX } from '../prefix.ts';
import { MANAGEMENT_API_PREFIX } from '../v1/prefix.ts';
import { addEnvelopeSchemas, dataDocumentSchema, requestDocumentSchema } from './envelopes.ts';
import {
  DEFAULT_ERROR_RESPONSE,
  errorResponse,
  errorResponses,
  errorStatuses,
} from './error-responses.ts';
import { openApiSchema, type JsonSchema, type SchemaComponents } from './json-schema.ts';
import type { OperationDoc } from './operation-doc.ts';
import type { OperationKey } from './registry.ts';
import { accessOf, accessSentence, SECURITY_SCHEMES, securityOf } from './security.ts';

/** The OpenAPI version the document follows (OpenAPI 3.1.1, the current 3.1 release). */
export const OPENAPI_VERSION = '3.1.1';

export interface OpenApiDocument {
  openapi: string;
  info: JsonSchema;
  tags: { name: string }[];
  paths: Record<string, Record<string, JsonSchema>>;
  components: {
    schemas: SchemaComponents;
    responses: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
  };
}

const DESCRIPTION = `Darkroom's API: \`${API_PREFIX}\`, the dashboard's own, and \`${MANAGEMENT_API_PREFIX}\`, imgix's Management API (so imgix's clients and scripts work with the host changed). Requests and answers are JSON:API 1.0 documents (\`${JSONAPI_MEDIA_TYPE}\`; \`application/json\` bodies are accepted too): a resource is \`{ "data": { "type", "id", "attributes" } }\`, a failure a list of \`errors\`, each with a \`code\` from the error catalogue and, for a field, a \`source.pointer\`. Lists take \`page[number]\`, \`page[size]\`, \`sort\`, \`filter[...]\` and \`include\`, and refuse any they do not name.

Sign in with \`POST ${API_PREFIX}/sessions\` and send its token as \`Authorization: Bearer <token>\`, or send an account API key the same way. Each operation says which permission group it needs (also as \`x-permission-group\`).`;

/** Fastify's `:name` and `*` as OpenAPI path templates; `*` (any number of segments) is `{path}`. */
export function pathTemplate(path: string): { template: string; parameters: Map<string, string> } {
  const parameters = new Map<string, string>();
  const template = path
    .split('/')
    .map((segment) => {
      if (segment === '*') {
        parameters.set('path', '*');
        return '{path}';
      }
      return segment.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
        parameters.set(name, name);
        return `{${name}}`;
      });
    })
    .join('/');
  return { template, parameters };
}

function operationId(method: string, template: string): string {
  return `${method.toLowerCase()}${template}`.replace(/[^A-Za-z0-9]+/g, '_').replace(/_$/, '');
}

// The administrators' routes and imgix's API are grouped apart from the dashboard's own.
const TAG_PREFIXES: readonly (readonly [string, string])[] = [
  [`${API_PREFIX}/admin`, 'Admin: '],
  [MANAGEMENT_API_PREFIX, 'Management API: '],
];

function tagOf(key: OperationKey, doc: OperationDoc): string {
  const [, label] =
    TAG_PREFIXES.find(([prefix]) => key.path === prefix || key.path.startsWith(`${prefix}/`)) ?? [];
  return `${label ?? ''}${doc.tag}`;
}

/** Whether `schema` refuses `{}`: then a request must carry attributes. */
function refusesEmpty(schema: z.ZodType): boolean {
  try {
    return !schema.safeParse({}).success;
  } catch {
    return true;
  }
}

function parametersOf(
  id: string,
  path: Map<string, string>,
  doc: OperationDoc,
  components: SchemaComponents,
): JsonSchema[] {
  for (const name of Object.keys(doc.params ?? {})) {
    if (![...path.values()].includes(name)) {
      throw new Error(`${id}: its docs describe a path parameter ${name} its path does not have.`);
    }
  }
  return [
    ...[...path].map(([name, routeName]) => ({
      name,
      in: 'path',
      required: true,
      description:
        doc.params?.[routeName] ??
        (routeName === '*' ? 'The rest of the path.' : `The ${name} of the resource.`),
      schema: { type: 'string' },
    })),
    ...(doc.query ?? []).map((parameter) => ({
      name: parameter.name,
      in: 'query',
      required: parameter.required ?? false,
      description: parameter.description,
      schema: openApiSchema(parameter.schema, `${id}.${parameter.name}`, components),
    })),
  ];
}

function requestBodyOf(id: string, doc: OperationDoc, components: SchemaComponents) {
  const { body } = doc;
  if (body === undefined) return undefined;
  if ('resource' in body) {
    const attributes = openApiSchema(body.attributes, `${id}.attributes`, components);
    const schema = requestDocumentSchema(
      body.resource,
      attributes,
      refusesEmpty(body.attributes),
      body.id === true,
    );
    return {
      required: true,
      description: `A \`${body.resource}\` resource (\`application/json\` is accepted too).`,
      content: { [JSONAPI_MEDIA_TYPE]: { schema } },
    };
  }
  return {
    required: true,
    description: body.description,
    content: {
      [body.mediaType]: { schema: openApiSchema(body.schema, `${id}.body`, components) },
    },
  };
}

function successOf(id: string, doc: OperationDoc, components: SchemaComponents): JsonSchema {
  const { answer } = doc;
  if ('resource' in answer) {
    const description =
      answer.description ??
      (answer.resource === null
        ? 'Accepted.'
        : `${answer.many === true ? 'A list of' : 'The'} \`${answer.resource}\` resource${answer.many === true ? 's' : ''}.`);
    return {
      description,
      content: {
        [JSONAPI_MEDIA_TYPE]: {
          schema: dataDocumentSchema(answer.resource, answer.many === true, components),
        },
      },
    };
  }
  if (answer.mediaType === null) return { description: answer.description };
  const schema =
    answer.schema === undefined
      ? undefined
      : openApiSchema(answer.schema, `${id}.answer`, components, 'output');
  return {
    description: answer.description,
    content: { [answer.mediaType]: schema === undefined ? {} : { schema } },
  };
}

function operationOf(
  key: OperationKey,
  doc: OperationDoc,
  id: string,
  path: Map<string, string>,
  components: SchemaComponents,
): JsonSchema {
  const access = accessOf(key);
  const responses: Record<string, JsonSchema> = {
    [String(doc.answer.status)]: successOf(id, doc, components),
  };
  const statuses = errorStatuses({
    method: key.method,
    jsonBody: doc.body !== undefined && 'resource' in doc.body,
    pathParameters: path.size > 0,
    access,
    extra: doc.errors ?? [],
  });
  for (const status of statuses) responses[String(status)] ??= errorResponse(status);
  responses.default = DEFAULT_ERROR_RESPONSE;
  const parameters = parametersOf(id, path, doc, components);
  const requestBody = requestBodyOf(id, doc, components);
  return {
    operationId: id,
    summary: doc.summary,
    description: [doc.description, accessSentence(access, doc)].filter(Boolean).join('\n\n'),
    tags: [tagOf(key, doc)],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody === undefined ? {} : { requestBody }),
    responses,
    security: securityOf(access, doc),
    ...(access === undefined ? {} : { 'x-permission-group': access }),
  };
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** The OpenAPI 3.1 document of `operations`, in path order. */
export function buildOpenApiDocument(
  operations: readonly (OperationKey & { doc: OperationDoc })[],
): OpenApiDocument {
  const schemas: SchemaComponents = {};
  addEnvelopeSchemas(schemas);
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const ids = new Set<string>();
  const sorted = [...operations].sort(
    (a, b) =>
      a.path.localeCompare(b.path) ||
      METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
  );
  for (const { doc, ...key } of sorted) {
    const { template, parameters } = pathTemplate(key.path);
    const id = operationId(key.method, template);
    if (ids.has(id)) throw new Error(`Two operations would be named ${id} in the API reference.`);
    ids.add(id);
    const operation = operationOf(key, doc, id, parameters, schemas);
    tags.add(String((operation.tags as string[])[0]));
    paths[template] = { ...paths[template], [key.method.toLowerCase()]: operation };
  }
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: 'Darkroom API',
      version: SERVER_VERSION,
      description: DESCRIPTION,
      license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
    },
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
    components: { schemas, responses: errorResponses(), securitySchemes: SECURITY_SCHEMES },
  };
}
