// zod schemas as OpenAPI 3.1 Schema Objects. OpenAPI 3.1's schemas are JSON Schema draft
// 2020-12 (OpenAPI 3.1, "Schema Object"), zod's default target, so the conversion is
// z.toJSONSchema's; what is left is fitting its output into one document: `$defs` (recursive
// schemas, schemas with an id) and the `#` root they refer by become components.
import { z } from 'zod';

export type JsonSchema = { [keyword: string]: unknown };

/** components.schemas of the document being built, shared by every conversion. */
export type SchemaComponents = Record<string, JsonSchema>;

// OpenAPI 3.1, "Components Object": keys match ^[a-zA-Z0-9.\-_]+$.
export function componentName(text: string): string {
  return text.replace(/[^a-zA-Z0-9.\-_]/g, '_');
}

const SAMPLE_VALUES: readonly unknown[] = [null, 0, '', true, {}, []];

function accepts(schema: z.core.$ZodType, value: unknown): boolean {
  try {
    return z.safeParse(schema, value).success;
  } catch {
    // An asynchronous check cannot be run here; the schema keeps what zod said.
    return false;
  }
}

type Override = NonNullable<NonNullable<Parameters<typeof z.toJSONSchema>[1]>['override']>;

/**
 * Two things zod's conversion cannot see, found by asking the schema itself. An object whose
 * every other member is refused one by one (a catchall no value passes, as core's source schemas
 * use to point at each unknown field) allows no other members: `additionalProperties: false`.
 * And, for input, a member the schema accepts missing (a preprocess that turns a missing value
 * into null) is not required.
 */
function objectOverride(io: 'input' | 'output'): Override {
  return ({ zodSchema, jsonSchema }) => {
    const { def } = zodSchema._zod;
    if (def.type !== 'object') return;
    const { catchall, shape } = def;
    if (catchall !== undefined && SAMPLE_VALUES.every((value) => !accepts(catchall, value))) {
      jsonSchema.additionalProperties = false;
    }
    if (io !== 'input' || jsonSchema.required === undefined) return;
    const required = jsonSchema.required.filter((key) => {
      const member = shape[key];
      return member === undefined || !accepts(member, undefined);
    });
    if (required.length > 0) jsonSchema.required = required;
    else delete jsonSchema.required;
  };
}

function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, member]) => [
      key,
      key === '$ref' && typeof member === 'string' ? rewrite(member) : rewriteRefs(member, rewrite),
    ]),
  );
}

function refersToRoot(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(refersToRoot);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, member]) =>
    key === '$ref' ? member === '#' : refersToRoot(member),
  );
}

/**
 * The JSON Schema of what `schema` accepts (`io: 'input'`: before transforms and defaults, what
 * a client sends) or produces (`'output'`). `name` names the components its `$defs` become.
 * Checks zod cannot express (refinements, custom types) are left out, so a body the schema
 * accepts may still be refused, with the handler's own message.
 */
export function openApiSchema(
  schema: z.ZodType,
  name: string,
  components: SchemaComponents,
  io: 'input' | 'output' = 'input',
): JsonSchema {
  const converted = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: objectOverride(io),
  }) as JsonSchema;
  const { $schema: _dialect, $defs, ...root } = converted;
  const base = componentName(name);
  const rewrite = (ref: string): string => {
    if (ref === '#') return `#/components/schemas/${base}`;
    if (ref.startsWith('#/$defs/')) {
      return `#/components/schemas/${base}.${componentName(ref.slice('#/$defs/'.length))}`;
    }
    return ref;
  };
  for (const [defName, def] of Object.entries(($defs ?? {}) as SchemaComponents)) {
    components[`${base}.${componentName(defName)}`] = rewriteRefs(def, rewrite) as JsonSchema;
  }
  const rewritten = rewriteRefs(root, rewrite) as JsonSchema;
  if (!refersToRoot(root) && !refersToRoot($defs)) return rewritten;
  components[base] = rewritten;
  return { $ref: `#/components/schemas/${base}` };
}
