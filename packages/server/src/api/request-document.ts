import { apiError } from '../errors.ts';

/**
 * The attributes of a `{data: {type, attributes}}` request body. A body that is not such a
 * document is 400; a resource of another type is 409 (JSON:API 1.0, "Creating Resources").
 */
export function requestAttributes(body: unknown, type: string): Record<string, unknown> {
  const data = (body as { data?: unknown } | null | undefined)?.data;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw apiError('bad_request', 'The request body must be a JSON:API document with data.', {
      pointer: '/data',
    });
  }
  const { type: given, attributes } = data as { type?: unknown; attributes?: unknown };
  if (typeof given !== 'string') {
    throw apiError('bad_request', `data.type is required ("${type}").`, { pointer: '/data/type' });
  }
  if (given !== type) {
    throw apiError('conflict', `data.type must be "${type}".`, { pointer: '/data/type' });
  }
  if (attributes === undefined) return {};
  if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
    throw apiError('bad_request', 'data.attributes must be an object.', {
      pointer: '/data/attributes',
    });
  }
  return attributes as Record<string, unknown>;
}
