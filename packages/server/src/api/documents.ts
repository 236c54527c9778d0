import {
  JSONAPI_MEDIA_TYPE,
  JSONAPI_VERSION,
  type AuthenticationMeta,
  type DataDocument,
  type DocumentMeta,
  type ErrorDocument,
  type ErrorObject,
  type PaginationMeta,
  type ResourceObject,
  type ServerMeta,
} from '@darkroom/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { SERVER_VERSION } from '../version.ts';
import type { SessionAuth } from './context.ts';

export function serverMeta(config: Pick<Config, 'commit' | 'readOnly'>): ServerMeta {
  return {
    commit: config.commit,
    status: config.readOnly ? 'read_only' : 'healthy',
    version: SERVER_VERSION,
  };
}

/** meta.authentication: who the request acts as (spec platform section 3). */
export function authenticationMeta(auth: SessionAuth | null): AuthenticationMeta {
  if (auth === null) {
    return {
      authorized: false,
      clientId: null,
      mode: 'anonymous',
      modeTitle: 'Anonymous',
      tag: null,
      user: null,
    };
  }
  const { mode, modeTitle } = auth.impersonator
    ? { mode: 'impersonation' as const, modeTitle: `Impersonating ${auth.user.name}` }
    : auth.admin
      ? { mode: 'admin' as const, modeTitle: 'Administrator' }
      : { mode: 'user' as const, modeTitle: 'User' };
  return {
    authorized: true,
    clientId: auth.sessionId,
    mode,
    modeTitle,
    tag: auth.user.accountId,
    user: { id: auth.user.id, name: auth.user.name, email: auth.user.email },
  };
}

function documentMeta(request: FastifyRequest, pagination?: PaginationMeta): DocumentMeta {
  return {
    // A request Fastify refuses before routing (frameworkErrors) is not decorated: no `auth`.
    authentication: authenticationMeta((request.auth as SessionAuth | null | undefined) ?? null),
    server: serverMeta(request.server.darkroom.config),
    ...(pagination ? { pagination } : {}),
  };
}

export interface SendOptions {
  included?: ResourceObject<string, object>[];
  pagination?: PaginationMeta;
}

/** Answers with a JSON:API data document: data, included, jsonapi and meta. */
export function sendData<TData>(
  reply: FastifyReply,
  status: number,
  data: TData,
  options: SendOptions = {},
): FastifyReply {
  const document: DataDocument<TData> = {
    data,
    // Attribute interfaces have no index signature; the document type is the looser one.
    ...(options.included ? { included: options.included as ResourceObject[] } : {}),
    jsonapi: { version: JSONAPI_VERSION },
    meta: documentMeta(reply.request, options.pagination),
  };
  return reply.code(status).type(JSONAPI_MEDIA_TYPE).send(document);
}

/** Answers with a JSON:API errors document. */
export function sendErrors(
  reply: FastifyReply,
  status: number,
  errors: readonly ErrorObject[],
): FastifyReply {
  const document: ErrorDocument = {
    errors: [...errors],
    jsonapi: { version: JSONAPI_VERSION },
    meta: documentMeta(reply.request),
  };
  return reply.code(status).type(JSONAPI_MEDIA_TYPE).send(document);
}
