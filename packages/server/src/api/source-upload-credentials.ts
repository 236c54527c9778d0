// `upload_credentials`: the write keys with which the asset manager uploads into a storage
// source's own bucket or container (spec platform sections 3, 5 and 8). Read with its secrets
// masked; replaced whole with PUT, which first writes and deletes a probe object under the
// source's prefix; removed with DELETE, which makes the source read-only again.
import { SOURCE_MESSAGES, takesUploadCredentials } from '@darkroom/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SourceRow } from '../db/schema.ts';
import { apiError } from '../errors.ts';
import { writingAdapter } from '../storage/customer-writes.ts';
import {
  encryptUploadCredentials,
  uploadCredentialsAttributes,
} from '../storage/upload-credentials.ts';
import { updateSource } from '../store/sources.ts';
import { recordUploadCredentialsChange } from './upload-credentials-audit.ts';
import { sendData } from './documents.ts';
import {
  parseUploadCredentials,
  proveUploadCredentials,
  requireWritingAdapter,
} from './upload-credentials-check.ts';
import { describeRoutes } from './openapi/registry.ts';
import { requestAttributes } from './request-document.ts';
import { loadSource, refuseDemoEdit } from './sources.ts';

const RESOURCE = 'upload_credentials';
const ATTRIBUTES = '/data/attributes';

/** What the reference shows of the body; the handler parses it by the source's type. */
const documentedBody = z.object({
  access_key: z
    .string()
    .optional()
    .describe('S3, S3-compatible and GCS (HMAC) sources: the access key that may write.'),
  secret_key: z.string().optional().describe('The secret key of that access key.'),
  sas_string: z
    .string()
    .optional()
    .describe('Azure sources: a SAS with write and create permission (sp contains w and c).'),
});

function refuseOtherTypes(source: SourceRow): void {
  if (!takesUploadCredentials(source.type)) {
    throw apiError(
      'conflict',
      source.type === 'darkroom_storage'
        ? 'Darkroom Storage sources take uploads without upload credentials.'
        : 'Web folder and web proxy sources read from a web server, which Darkroom cannot upload to.',
    );
  }
}

function sendCredentials(
  app: FastifyInstance,
  reply: Parameters<typeof sendData>[0],
  source: SourceRow,
) {
  return sendData(reply, 200, {
    type: RESOURCE,
    id: source.id,
    attributes: uploadCredentialsAttributes(app.darkroom.secrets, source.upload_credentials),
  });
}

/** The caller's account's routes (spec platform section 5: changing a source needs Sources). */
export function sourceUploadCredentialRoutes(app: FastifyInstance): void {
  const { secrets, origins, database } = app.darkroom;
  describeRoutes(app, {
    'GET /sources/:id/upload-credentials': {
      summary: "The source's upload credentials",
      description:
        'Whether a storage source takes uploads into its own bucket or container; secrets only masked.',
      tag: 'Sources',
      answer: { status: 200, resource: RESOURCE },
      errors: [409],
    },
    'PUT /sources/:id/upload-credentials': {
      summary: "Replace the source's upload credentials",
      description:
        'An access key and a secret key (S3, S3-compatible, GCS HMAC keys), or an Azure SAS with write and create permission. Before saving, Darkroom writes and deletes a probe object under the source\'s prefix with them: credentials that cannot write are refused with "' +
        SOURCE_MESSAGES.cannotVerifyWritePermissions +
        '"',
      tag: 'Sources',
      body: { resource: RESOURCE, attributes: documentedBody, id: true },
      answer: { status: 200, resource: RESOURCE },
      errors: [403, 409],
    },
    'DELETE /sources/:id/upload-credentials': {
      summary: "Remove the source's upload credentials",
      description: 'The source becomes read-only: the asset manager no longer uploads into it.',
      tag: 'Sources',
      answer: { status: 200, resource: RESOURCE },
      errors: [403, 409],
    },
  });

  app.get<{ Params: { id: string } }>('/sources/:id/upload-credentials', async (request, reply) => {
    const source = await loadSource(app, request, 'account', request.params.id);
    refuseOtherTypes(source);
    return sendCredentials(app, reply, source);
  });

  app.put<{ Params: { id: string } }>('/sources/:id/upload-credentials', async (request, reply) => {
    const source = await loadSource(app, request, 'account', request.params.id);
    refuseDemoEdit(source);
    refuseOtherTypes(source);
    const attributes = requestAttributes(request.body, RESOURCE);
    const credentials = parseUploadCredentials(source.type, attributes, ATTRIBUTES);
    const adapter = await writingAdapter(origins, secrets, source, credentials);
    await proveUploadCredentials(
      request,
      requireWritingAdapter(adapter, ATTRIBUTES),
      source.type,
      ATTRIBUTES,
    );
    const updated = await updateSource(database.db, source.id, {
      uploadCredentials: encryptUploadCredentials(secrets, credentials),
    });
    await recordUploadCredentialsChange(
      request,
      source.id,
      source.upload_credentials === null ? 'added' : 'replaced',
      credentials,
    );
    return sendCredentials(app, reply, updated);
  });

  app.delete<{ Params: { id: string } }>(
    '/sources/:id/upload-credentials',
    async (request, reply) => {
      const source = await loadSource(app, request, 'account', request.params.id);
      refuseDemoEdit(source);
      refuseOtherTypes(source);
      const updated = await updateSource(database.db, source.id, { uploadCredentials: null });
      // Removing what was never set changes nothing, so leaves nothing in the log.
      if (source.upload_credentials !== null) {
        await recordUploadCredentialsChange(request, source.id, 'removed', null);
      }
      return sendCredentials(app, reply, updated);
    },
  );
}
