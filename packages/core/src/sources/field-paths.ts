// Field names are the server's names everywhere: a zod issue path, a JSON:API pointer and a
// form field all name `aws_bucket` or `darkroom_subdomains[1]` the same way.

export type IssuePath = ReadonlyArray<PropertyKey>;

/** The form field of an issue path: `['darkroom_subdomains', 1]` -> `darkroom_subdomains[1]`. */
export function fieldFromIssuePath(path: IssuePath): string {
  let field = '';
  for (const segment of path) {
    if (typeof segment === 'number') field += `[${segment}]`;
    else field += field === '' ? String(segment) : `.${String(segment)}`;
  }
  return field;
}

const escapePointerToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapePointerToken = (token: string) => token.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * The JSON:API pointer of an issue path under `base`:
 * `['aws_bucket']` -> `/data/attributes/configuration/aws_bucket`.
 */
export function pointerFromIssuePath(
  path: IssuePath,
  base = '/data/attributes/configuration',
): string {
  return [base, ...path.map((segment) => escapePointerToken(String(segment)))].join('/');
}

// The containers a field may sit in; the form names fields without them.
const CONTAINERS = new Set(['data', 'attributes', 'configuration', 'production']);

/**
 * The form field a JSON:API pointer (or a field name in any of the usual spellings) names:
 * `/data/attributes/configuration/aws_bucket` -> `aws_bucket`,
 * `/data/attributes/production/darkroom_subdomains/0` -> `darkroom_subdomains[0]`,
 * `custom_domains.2` -> `custom_domains[2]`.
 */
export function fieldFromPointer(pointer: string): string {
  const tokens = pointer
    .split(/[/.]/)
    .filter((token) => token !== '')
    .map(unescapePointerToken);
  while (tokens.length > 1 && CONTAINERS.has(tokens[0] ?? '')) tokens.shift();
  if (tokens.length === 1 && CONTAINERS.has(tokens[0] ?? '')) return '';
  return fieldFromIssuePath(tokens.map((token) => (/^\d+$/.test(token) ? Number(token) : token)));
}

/**
 * The first message of each field among zod issues, keyed by form field, for showing errors
 * under their fields. Issues about the whole object are keyed by the empty string.
 */
export function fieldErrorsFromIssues(
  issues: ReadonlyArray<{ path: IssuePath; message: string }>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldFromIssuePath(issue.path);
    if (!Object.hasOwn(errors, field)) errors[field] = issue.message;
  }
  return errors;
}
