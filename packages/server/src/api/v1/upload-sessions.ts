// imgix's upload sessions (docs.imgix.com/apis/management/assets, "Uploading with upload
// sessions"), for managed storage sources: `POST sources/:source_id/upload-sessions/:origin_path`
// opens one for a file and answers with its upload URL, "open for 8 hours"; the file goes to that
// URL with an HTTP PUT; `POST sources/:source_id/upload-sessions/:session_id` closes it. As with a
// presigned storage URL, imgix's URL carries its own authorization, so the PUT needs no API key:
// the secret in its query, of which only the sha256 is kept. The file is in place once the PUT
// ends whole (as a storage PUT would be); closing adds it to the asset list.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { UploadSessionRow } from '../../db/schema.ts';
import { isId } from '../../db/ids.ts';
import { apiError } from '../../errors.ts';
import { findSource } from '../../store/sources.ts';
import {
  completeUploadSession,
  findUploadSession,
  findUploadSessionBySecret,
  openUploadSession,
  recordSessionFile,
} from '../../store/upload-sessions.ts';
import { originPathAfter } from '../asset-query.ts';
import { requireAuth } from '../authentication.ts';
import { sendData } from '../documents.ts';
import { describeRoutes } from '../openapi/registry.ts';
import { indexUpload, requireManagedStorage, storeManagedFile } from '../source-files.ts';
import { loadSource, refuseDemoEdit } from '../sources.ts';
import { parseQuery, queryParameterDocs, queryText } from './list-parameters.ts';
import { MANAGEMENT_API_PREFIX } from './prefix.ts';
import { unixSeconds } from './source-mapping.ts';
import {
  checkOverwrite,
  fileBodyDoc,
  OVERWRITE_DESCRIPTION,
  requireFileBody,
  uploadQuerySchema,
  uploadRelativePath,
} from './upload-files.ts';

/** imgix: "Sessions and presigned URLs stay open for 8 hours". */
const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

/** The query of a session's upload URL: its secret. */
export const sessionUploadQuerySchema = z.strictObject({ token: queryText('token') });

function sessionResource(row: UploadSessionRow, url?: string) {
  return {
    type: 'upload-sessions',
    id: row.id,
    attributes: {
      id: row.id,
      source_id: row.source_id,
      origin_path: row.origin_path,
      status: row.status,
      ...(url === undefined ? {} : { url }),
      date_expires: unixSeconds(row.expires_at),
      file_size: row.file_size === null ? null : Number(row.file_size),
      content_type: row.content_type,
    },
  };
}

function sessionNotFound() {
  return apiError('not_found', 'No open upload session has this id and token.');
}

/** Opening and closing sessions (the Asset Manager Edit group). */
export function managementUploadSessionRoutes(app: FastifyInstance): void {
  const { config, database, origins } = app.darkroom;
  const { db } = database;

  describeRoutes(app, {
    'POST /sources/:id/upload-sessions/*': {
      summary: 'Open or close an upload session',
      description: [
        "imgix's upload sessions, for Darkroom Storage sources (`deployment.type` `darkroom_storage`): the file goes to the session's own upload URL, which carries its authorization as a presigned storage URL does, so the client sending it needs no API key. imgix's open and close share this path; its last part says which.",
        '',
        `- **Open**: the last part is the origin path to store the file at. The answer (201) is the session, \`status\` \`PENDING\`, with its \`url\`: \`PUT\` the file's bytes there within ${SESSION_LIFETIME_MS / 3_600_000} hours, as long as imgix keeps sessions open (\`date_expires\`, Unix seconds).`,
        "- **Close**: the last part is the session's id. Once the file has arrived, closing adds it to the asset list (and purges the replaced file's cached renders, if it replaced one); the answer (200) is the session, `status` `COMPLETE`. Closing before the file has arrived is answered 409; closing a closed session answers it again.",
      ].join('\n'),
      tag: 'Uploads',
      params: {
        id: 'The id of the source, a Darkroom Storage source of the account.',
        '*': "To open a session: the origin path to store the file at, such as photos/cat.jpg (relative, without `..` segments). To close one: the session's id.",
      },
      query: queryParameterDocs(uploadQuerySchema, {
        overwrite: `When opening: ${OVERWRITE_DESCRIPTION}`,
      }),
      answer: {
        status: 201,
        resource: 'upload-sessions',
        description:
          'The session opened, with its upload `url`. Closing one answers 200 with the session.',
      },
      errors: [409, 422],
    },
  });

  app.post<{ Params: { id: string } }>('/sources/:id/upload-sessions/*', async (request, reply) => {
    const auth = requireAuth(request);
    const source = await loadSource(app, request, 'account', request.params.id);
    refuseDemoEdit(source);
    const marker = `/sources/${source.id}/upload-sessions/`;
    // imgix's open and close share the path: its last part is a session's id or a file's path.
    const rest = (request.url.split('?')[0] ?? '').split(marker)[1] ?? '';
    const open = isId(rest) ? await findUploadSession(db, source.id, rest) : undefined;
    if (open !== undefined) {
      if (open.status === 'COMPLETE') return sendData(reply, 200, sessionResource(open));
      if (open.uploaded_at === null) {
        throw apiError(
          'conflict',
          "No file has arrived at this session's upload URL yet: PUT the file there, then close the session.",
        );
      }
      const stored = { path: open.origin_path.slice(1), size: Number(open.file_size) };
      if (open.overwrite) await app.delivery.purge(source.id, stored.path);
      await indexUpload(
        request,
        { db, origins },
        source,
        stored,
        open.content_type ?? 'application/octet-stream',
        open.created_by,
      );
      return sendData(reply, 200, sessionResource(await completeUploadSession(db, open.id)));
    }
    const { overwrite = false } = parseQuery(
      uploadQuerySchema,
      request.query as Record<string, unknown>,
    );
    requireManagedStorage(source, { parameter: 'source_id' });
    const relative = uploadRelativePath(originPathAfter(request.url, marker));
    await checkOverwrite(app, request, source, relative, overwrite);
    const { row, secret } = await openUploadSession(db, {
      sourceId: source.id,
      accountId: auth.user.accountId,
      createdBy: auth.user.id,
      originPath: `/${relative}`,
      overwrite,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    });
    const url = `${config.publicUrl}${MANAGEMENT_API_PREFIX}/upload-sessions/${row.id}?token=${encodeURIComponent(secret)}`;
    return sendData(reply, 201, sessionResource(row, url));
  });
}

/** The upload URL of a session; register in a scope that accepts raw bodies (upload-files.ts). */
export function managementSessionUploadRoutes(app: FastifyInstance): void {
  const { db } = app.darkroom.database;

  describeRoutes(app, {
    'PUT /upload-sessions/:sessionId': {
      summary: "Upload an upload session's file",
      description:
        "The upload URL an open session answered with (`url`): the file's bytes as the body. Its `token` authorizes the upload, as a presigned storage URL's signature does, so no API key or sign-in is needed. The file is in place once the body has arrived whole; closing the session adds it to the asset list. A second PUT before closing replaces the first file. An unknown session, a wrong token or a closed session is answered 404; an expired one 409.",
      tag: 'Uploads',
      params: { sessionId: "The session's id." },
      query: queryParameterDocs(sessionUploadQuerySchema, {
        token:
          "The session's secret, as its `url` carries it: it stands in for an API key, for this session's file only. Darkroom keeps only its SHA-256.",
      }),
      body: fileBodyDoc(app.darkroom.config.originMaxBytes),
      answer: { status: 200, resource: 'upload-sessions' },
      errors: [409, 413, 415, 422],
    },
  });

  app.put<{ Params: { sessionId: string } }>(
    '/upload-sessions/:sessionId',
    async (request, reply) => {
      const { token } = parseQuery(
        sessionUploadQuerySchema,
        request.query as Record<string, unknown>,
      );
      const { sessionId } = request.params;
      const session = isId(sessionId)
        ? await findUploadSessionBySecret(db, sessionId, token)
        : undefined;
      if (session === undefined || session.status !== 'PENDING') throw sessionNotFound();
      if (session.expires_at.getTime() <= Date.now()) {
        throw apiError('conflict', 'This upload session has expired: open a new one.');
      }
      const source = await findSource(db, session.source_id, null);
      if (source === undefined) throw sessionNotFound();
      requireManagedStorage(source, { parameter: 'source_id' });
      requireFileBody(request);
      const relative = session.origin_path.slice(1);
      // The path may have been taken since the session opened (a second PUT replaces the first).
      await checkOverwrite(
        app,
        request,
        source,
        relative,
        session.overwrite || session.uploaded_at !== null,
      );
      const { stored, contentType } = await storeManagedFile(app, source, relative, request.raw);
      const updated = await recordSessionFile(db, session.id, { size: stored.size, contentType });
      return sendData(reply, 200, sessionResource(updated));
    },
  );
}
