import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiError } from '../errors.ts';
import { jsonBodyRefusal, registerRequestInputChecks } from './request-input.ts';

interface MediaType {
  type: string;
  parameters: string[];
}

function parseMediaTypes(header: string): MediaType[] {
  return header.split(',').map((part) => {
    const [type = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    return { type: type.toLowerCase(), parameters: parameters.filter(Boolean) };
  });
}

/**
 * JSON:API 1.0 content negotiation. Request bodies are JSON:API (plain JSON is accepted for
 * tools like curl); a JSON:API media type with parameters is 415, and an Accept header whose
 * every JSON:API media type carries parameters is 406. Any other body type is 415 (Fastify
 * finds no parser). Malformed JSON is 400 malformed_json; a parsed body, query or path no route
 * may receive is refused by request-input.ts.
 */
export function registerContentNegotiation(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  // Prototype members are let through the parse so jsonBodyRefusal refuses them with a pointer.
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');

  const parser = (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ): void => {
    const [mediaType] = parseMediaTypes(request.headers['content-type'] ?? '');
    if (mediaType?.type === JSONAPI_MEDIA_TYPE && mediaType.parameters.length > 0) {
      done(
        apiError(
          'unsupported_media_type',
          `${JSONAPI_MEDIA_TYPE} does not allow media type parameters.`,
        ),
      );
      return;
    }
    // A body-less DELETE or POST with a JSON content type is simply a request without a body.
    if (body.length === 0) {
      done(null, undefined);
      return;
    }
    parseJson(request, body, (error, parsed) => {
      if (error) {
        done(apiError('malformed_json', 'The request body is not valid JSON.'));
        return;
      }
      const refused = jsonBodyRefusal(parsed);
      if (refused === null) done(null, parsed);
      else done(refused);
    });
  };
  app.addContentTypeParser(JSONAPI_MEDIA_TYPE, { parseAs: 'string' }, parser);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parser);
  registerRequestInputChecks(app);

  app.addHook('onRequest', async (request) => {
    const accept = request.headers.accept;
    if (!accept || !request.url.startsWith('/api/')) return;
    const jsonApi = parseMediaTypes(accept).filter((media) => media.type === JSONAPI_MEDIA_TYPE);
    // A quality weight (q=) is content negotiation, not a JSON:API extension parameter.
    const hasExtension = (media: MediaType) => media.parameters.some((p) => !p.startsWith('q='));
    if (jsonApi.length > 0 && jsonApi.every(hasExtension)) {
      throw apiError(
        'not_acceptable',
        `Accept ${JSONAPI_MEDIA_TYPE} without media type parameters.`,
      );
    }
  });
}
