// The structural rules of OpenAPI 3.1 a document can break without any tool noticing until a
// reader trips on it: references that lead nowhere, path templates without their parameters,
// duplicate operation ids or parameters, responses without descriptions, unknown security
// schemes. Section names cite the OpenAPI 3.1.1 specification.

type Json = { [key: string]: unknown };

const OPERATIONS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const PARAMETER_PLACES = ['query', 'header', 'path', 'cookie'];
const STATUS_KEY = /^(default|[1-5](\d\d|XX))$/;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value a local reference (`#/a/b`, RFC 6901 escapes) names, or undefined. */
function resolvePointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const tokens = ref.slice(1).split('/').slice(1);
  let at: unknown = document;
  for (const token of tokens) {
    const key = decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(at) && !Array.isArray(at)) return undefined;
    at = (at as Json)[key];
    if (at === undefined) return undefined;
  }
  return at;
}

/** Every `$ref` string in `value`, with where it is. */
function references(value: unknown, where: string, found: [string, string][] = []) {
  if (Array.isArray(value))
    value.forEach((item, index) => references(item, `${where}/${index}`, found));
  else if (isObject(value)) {
    for (const [key, member] of Object.entries(value)) {
      if (key === '$ref' && typeof member === 'string') found.push([where, member]);
      else references(member, `${where}/${key}`, found);
    }
  }
  return found;
}

function followed(document: Json, value: unknown): unknown {
  return isObject(value) && typeof value.$ref === 'string'
    ? resolvePointer(document, value.$ref)
    : value;
}

function checkOperation(
  document: Json,
  path: string,
  method: string,
  operation: Json,
  pathLevel: unknown[],
  seenIds: Set<string>,
  problems: string[],
): void {
  const at = `${method.toUpperCase()} ${path}`;
  const id = operation.operationId;
  if (typeof id === 'string') {
    if (seenIds.has(id)) problems.push(`${at}: operationId ${id} is not unique`);
    seenIds.add(id);
  }
  // "Parameter Object": unique by name and location; path parameters required and templated.
  const parameters = [...pathLevel, ...((operation.parameters as unknown[]) ?? [])].map((item) =>
    followed(document, item),
  );
  const keys = new Set<string>();
  const pathNames = new Set<string>();
  for (const parameter of parameters) {
    if (!isObject(parameter)) {
      problems.push(`${at}: a parameter is not an object`);
      continue;
    }
    const { name, in: place } = parameter;
    if (typeof name !== 'string' || !PARAMETER_PLACES.includes(String(place))) {
      problems.push(`${at}: parameter ${String(name)} has no valid name or location`);
      continue;
    }
    const key = `${String(place)}:${name}`;
    if (keys.has(key)) problems.push(`${at}: parameter ${key} is declared twice`);
    keys.add(key);
    if (parameter.schema === undefined && parameter.content === undefined) {
      problems.push(`${at}: parameter ${name} has neither schema nor content`);
    }
    if (place === 'path') {
      pathNames.add(name);
      if (parameter.required !== true)
        problems.push(`${at}: path parameter ${name} is not required`);
    }
  }
  // "Path Templating": each template expression has its path parameter, and no other exists.
  const templated = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ''));
  for (const name of templated) {
    if (!pathNames.has(name)) problems.push(`${at}: path parameter {${name}} is not declared`);
  }
  for (const name of pathNames) {
    if (!templated.has(name)) problems.push(`${at}: path parameter ${name} is not in the path`);
  }
  // "Responses Object": at least one response, each keyed by a status and described.
  const responses = operation.responses;
  if (!isObject(responses) || Object.keys(responses).length === 0) {
    problems.push(`${at}: no responses`);
  } else {
    for (const [status, response] of Object.entries(responses)) {
      if (!STATUS_KEY.test(status)) problems.push(`${at}: response key ${status} is no status`);
      const resolved = followed(document, response);
      if (!isObject(resolved) || typeof resolved.description !== 'string') {
        problems.push(`${at}: response ${status} has no description`);
      }
    }
  }
  const body = followed(document, operation.requestBody);
  if (body !== undefined && (!isObject(body) || !isObject(body.content))) {
    problems.push(`${at}: request body has no content`);
  }
  // "Security Requirement Object": each name is a declared security scheme.
  const schemes = (document.components as Json | undefined)?.securitySchemes;
  for (const requirement of (operation.security as unknown[]) ?? []) {
    for (const name of Object.keys(requirement as Json)) {
      if (!isObject(schemes) || !(name in schemes)) {
        problems.push(`${at}: security scheme ${name} is not declared`);
      }
    }
  }
  const tags = new Set(((document.tags as Json[]) ?? []).map((tag) => tag.name));
  for (const tag of (operation.tags as string[]) ?? []) {
    if (!tags.has(tag)) problems.push(`${at}: tag ${tag} is not declared`);
  }
}

/** What is wrong with `document` as an OpenAPI 3.1 document; empty when nothing is. */
export function openApiProblems(document: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(document)) return ['the document is not an object'];
  if (typeof document.openapi !== 'string' || !/^3\.1\.\d+$/.test(document.openapi)) {
    problems.push(`openapi is ${String(document.openapi)}, not 3.1.x`);
  }
  const info = document.info;
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') {
    problems.push('info needs a title and a version');
  }
  for (const [where, ref] of references(document, '#')) {
    if (resolvePointer(document, ref) === undefined)
      problems.push(`${where}: $ref ${ref} resolves to nothing`);
  }
  const paths = document.paths;
  if (!isObject(paths)) return [...problems, 'paths is not an object'];
  const shapes = new Map<string, string>();
  const seenIds = new Set<string>();
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    // "Paths Object": templated paths differing only in their parameters' names are one path.
    const shape = path.replace(/\{[^}]+\}/g, '{}');
    const twin = shapes.get(shape);
    if (twin !== undefined) problems.push(`paths ${twin} and ${path} are the same path`);
    shapes.set(shape, path);
    if (!isObject(item)) {
      problems.push(`path ${path} is not a Path Item Object`);
      continue;
    }
    const pathLevel = (item.parameters as unknown[]) ?? [];
    for (const method of OPERATIONS) {
      const operation = item[method];
      if (operation === undefined) continue;
      if (!isObject(operation)) problems.push(`${method.toUpperCase()} ${path} is not an object`);
      else checkOperation(document, path, method, operation, pathLevel, seenIds, problems);
    }
  }
  return problems;
}
