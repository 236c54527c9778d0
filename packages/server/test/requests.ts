import { JSONAPI_MEDIA_TYPE } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Database } from '../src/db/database.ts';
import { ensureAdmin } from '../src/store/admins.ts';

export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // Tests read arbitrary document members; the assertions check their shapes.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** One API call through `app.inject`, with the JSON:API content type and an optional bearer. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD',
  url: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] ??= JSONAPI_MEDIA_TYPE;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body === undefined
      ? {}
      : {
          payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
        }),
  });
  let body: unknown = null;
  if (response.body.length > 0) {
    try {
      body = JSON.parse(response.body);
    } catch {
      body = response.body;
    }
  }
  return { status: response.statusCode, headers: response.headers, body };
}

/** An email no other test uses. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export const PASSWORD = 'correct horse battery';

export interface SignedUp {
  token: string;
  sessionId: string;
  userId: string;
  accountId: string;
  email: string;
}

/** Signs up a new account through the API and returns its first session. */
export async function signUp(
  app: FastifyInstance,
  attributes: Partial<Record<'company' | 'name' | 'email' | 'password', string>> = {},
): Promise<SignedUp> {
  const email = attributes.email ?? uniqueEmail();
  const response = await call(app, 'POST', '/api/v4/accounts', {
    body: {
      data: {
        type: 'accounts',
        attributes: {
          company: 'Acme',
          name: 'Ada Lovelace',
          email,
          password: PASSWORD,
          ...attributes,
        },
      },
    },
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(response.body)}`);
  const { id, attributes: session } = response.body.data;
  return {
    token: session.token,
    sessionId: id,
    userId: session.user_id,
    accountId: session.account_id,
    email,
  };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password = PASSWORD,
): Promise<ApiResponse> {
  return call(app, 'POST', '/api/v4/sessions', {
    body: { data: { type: 'sessions', attributes: { email, password } } },
  });
}

/** Creates an admin directly in the database and signs in as them. */
export async function signInAdmin(
  app: FastifyInstance,
  database: Database,
  name = 'Grace Hopper',
): Promise<SignedUp & { cookie: string }> {
  const email = uniqueEmail('admin');
  await ensureAdmin(database.db, { email, password: PASSWORD, name }, { promote: true });
  const response = await signIn(app, email);
  if (response.status !== 201)
    throw new Error(`admin sign-in failed: ${JSON.stringify(response.body)}`);
  const { id, attributes: session } = response.body.data;
  const setCookie = String(response.headers['set-cookie']);
  return {
    token: session.token,
    sessionId: id,
    userId: session.user_id,
    accountId: session.account_id,
    email,
    cookie: setCookie.split(';')[0] ?? '',
  };
}

/** A multipart/form-data body (file uploads) with a random boundary. */
export function multipart(
  fields: Array<{ name: string; value: Buffer | string; filename?: string }>,
) {
  const boundary = `----darkroom${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const field of fields) {
    const disposition = field.filename
      ? `form-data; name="${field.name}"; filename="${field.filename}"`
      : `form-data; name="${field.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (field.filename) chunks.push(Buffer.from('Content-Type: application/octet-stream\r\n'));
    chunks.push(Buffer.from('\r\n'), Buffer.from(field.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
