// imgix's upload endpoint (docs.imgix.com/apis/management/assets, "Uploading"):
// `POST sources/:source_id/upload/:origin_path` with the file's raw bytes as the body, and the
// `sources/upload/:source_id/:origin_path` form imgix-management-js's README shows. The file is
// stored and indexed as /api/v4's uploads are (source-files.ts), so it is in the asset list at once.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findAsset } from '../../store/assets.ts';
import { assetResource } from '../asset-serializer.ts';
import { originPathAfter } from '../asset-query.ts';
import { requireAuth } from '../authentication.ts';
import { sendData } from '../documents.ts';
import { describeRoutes } from '../openapi/registry.ts';
import { indexUpload, requireManagedStorage, storeManagedFile } from '../source-files.ts';
import { loadSource, refuseDemoEdit } from '../sources.ts';
import { imgixAssetResource } from './asset-mapping.ts';
import { parseQuery, queryParameterDocs } from './list-parameters.ts';
import {
  checkOverwrite,
  fileBodyDoc,
  OVERWRITE_DESCRIPTION,
  requireFileBody,
  uploadQuerySchema,
  uploadRelativePath,
} from './upload-files.ts';

/** Upload routes; register in a scope that accepts raw bodies (upload-files.ts). */
export function managementUploadRoutes(app: FastifyInstance): void {
  const { config, database, origins } = app.darkroom;

  const uploadDoc = (sourceParam: string) =>
    ({
      description:
        "Stores the request body, the file's own bytes, at the origin path in a Darkroom Storage source (`deployment.type` `darkroom_storage`; sources that read their own storage take no uploads), and indexes it, so it is in the asset list at once. The answer is the new asset. The file is stored only once the whole body has arrived: an upload cut short leaves nothing behind.",
      tag: 'Uploads',
      params: {
        [sourceParam]: 'The id of the source, a Darkroom Storage source of the account.',
        '*': 'The origin path to store the file at, such as photos/cat.jpg: relative, without `..` segments.',
      },
      query: queryParameterDocs(uploadQuerySchema, { overwrite: OVERWRITE_DESCRIPTION }),
      body: fileBodyDoc(config.originMaxBytes),
      answer: { status: 201, resource: 'assets' },
      errors: [409, 413, 415, 422],
    }) as const;
  const older = uploadDoc('sourceId');
  describeRoutes(app, {
    'POST /sources/:id/upload/*': { summary: 'Upload an asset', ...uploadDoc('id') },
    'POST /sources/upload/:sourceId/*': {
      summary: "Upload an asset (imgix-management-js's path)",
      ...older,
      description: `The same upload as \`POST /api/v1/sources/{id}/upload/{path}\`, at the path imgix-management-js's README shows. ${older.description}`,
    },
  });

  async function upload(
    request: FastifyRequest,
    reply: FastifyReply,
    sourceId: string,
    marker: (sourceId: string) => string,
  ) {
    const auth = requireAuth(request);
    const { overwrite = false } = parseQuery(
      uploadQuerySchema,
      request.query as Record<string, unknown>,
    );
    const source = await loadSource(app, request, 'account', sourceId);
    refuseDemoEdit(source);
    requireManagedStorage(source, { parameter: 'source_id' });
    const relative = uploadRelativePath(originPathAfter(request.url, marker(source.id)));
    requireFileBody(request);
    await checkOverwrite(app, request, source, relative, overwrite);
    const { stored, contentType } = await storeManagedFile(app, source, relative, request.raw);
    // A replaced file's renders are stale: purged, as imgix's overwrite does.
    if (overwrite) await app.delivery.purge(source.id, stored.path);
    await indexUpload(
      request,
      { db: database.db, origins },
      source,
      stored,
      contentType,
      auth.user.id,
    );
    const asset = await findAsset(database.db, source.id, `/${stored.path}`);
    return sendData(
      reply,
      201,
      asset === undefined
        ? {
            type: 'assets',
            id: `${source.id}/${stored.path}`,
            attributes: {
              origin_path: `/${stored.path}`,
              source_id: source.id,
              content_type: contentType,
              file_size: stored.size,
            },
          }
        : imgixAssetResource(assetResource(asset, source, config.deliveryDomain), asset),
    );
  }

  app.post<{ Params: { id: string } }>('/sources/:id/upload/*', (request, reply) =>
    upload(request, reply, request.params.id, (id) => `/sources/${id}/upload/`),
  );
  app.post<{ Params: { sourceId: string } }>('/sources/upload/:sourceId/*', (request, reply) =>
    upload(request, reply, request.params.sourceId, (id) => `/sources/upload/${id}/`),
  );
}
