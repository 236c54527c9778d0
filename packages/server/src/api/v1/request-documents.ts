// Request bodies of imgix's Management API: JSON:API documents (`{"data": {"type", "id",
// "attributes"}}`, docs.imgix.com/apis/management/overview, "Making Requests"). The envelope is
// read as /api/v4 reads it; the attributes with each route's exported zod schema, so one schema
// parses the request and documents it. Errors keep imgix's JSON:API shape: one per attribute at
// fault, its pointer naming the attribute in imgix's words.
import { isErrorCode } from '@darkroom/core';
import { z } from 'zod';
import { ApiError, type ApiErrorItem } from '../../errors.ts';
import { issueErrors } from '../field-errors.ts';
import { requestAttributes } from '../request-document.ts';

/** The JSON:API request document of `type` with these attributes, for documentation. */
export function requestDocumentSchema<T extends z.ZodType>(type: string, attributes: T) {
  return z.object({
    data: z.object({ type: z.literal(type), id: z.string().optional(), attributes }),
    jsonapi: z.object({ version: z.string() }).optional(),
  });
}

type Issue = z.core.$ZodIssue;

/**
 * Schema members for attributes imgix documents as not updatable: a request that sends one is
 * refused naming it, rather than told the attribute does not exist.
 */
export function readOnlyAttributes(
  names: readonly string[],
): Record<string, z.ZodOptional<z.ZodNever>> {
  return Object.fromEntries(
    names.map((name) => [name, z.never({ error: `${name} cannot be changed.` }).optional()]),
  );
}

/** An unknown key is named in its own error, pointing at the key itself. */
function namingUnknownKeys(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map(
          (key) =>
            ({
              code: 'custom',
              path: [...issue.path, key],
              message: `${key} is not an attribute imgix's Management API documents here.`,
              input: undefined,
            }) as Issue,
        )
      : [issue],
  );
}

/** 422 with one error per attribute `issues` name, under /data/attributes. */
export function attributeIssues(issues: readonly Issue[]): ApiError {
  return issueErrors(namingUnknownKeys(issues));
}

/** The attributes of a request body of `type`, parsed with `schema`. */
export function parseAttributes<T>(body: unknown, type: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(requestAttributes(body, type));
  if (!parsed.success) throw attributeIssues(parsed.error.issues);
  return parsed.data;
}

/** `data.id` of a request body, when it has one. */
export function documentId(body: unknown): unknown {
  return (body as { data?: { id?: unknown } } | null | undefined)?.data?.id;
}

/**
 * Runs `work` (Darkroom's own validation and writes, which point at Darkroom's attribute
 * names) and rewrites the pointers of the errors it throws with `toImgixPointer`.
 */
export async function withImgixPointers<T>(
  work: () => Promise<T>,
  toImgixPointer: (pointer: string) => string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const items: ApiErrorItem[] = error.errors.map((item) => ({
      code: isErrorCode(item.code) ? item.code : 'bad_request',
      detail: item.detail,
      ...(item.source === undefined
        ? {}
        : {
            source:
              item.source.pointer === undefined
                ? item.source
                : { ...item.source, pointer: toImgixPointer(item.source.pointer) },
          }),
    }));
    throw new ApiError(items, { ...error.headers });
  }
}
