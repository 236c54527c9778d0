// Checking upload credentials before they are kept (spec platform section 8: 'Could not verify
// write permissions for these credentials.'): parsed by the source's type, then proven by
// writing and deleting a probe object. Shared by the source's upload-credentials route and by
// the wizard's configuration check, which proves them before the source exists.
import {
  pointerFromIssuePath,
  takesUploadCredentials,
  uploadCredentialsUpdateSchema,
  type SourceConfiguration,
} from '@darkroom/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiError } from '../errors.ts';
import {
  probeWritePermission,
  UploadCredentialsRefused,
  type WritingAdapter,
} from '../storage/customer-writes.ts';
import { withUploadCredentials, type UploadCredentials } from '../storage/upload-credentials.ts';
import { issueErrors } from './field-errors.ts';

/** The credentials in `attributes`, by the source's type; a 422 naming the field otherwise. */
export function parseUploadCredentials(
  type: string,
  attributes: unknown,
  pointer: string,
): UploadCredentials {
  const parsed = uploadCredentialsUpdateSchema(type).safeParse(attributes);
  if (!parsed.success) throw issueErrors(parsed.error.issues, pointer);
  const data = parsed.data as Record<string, string>;
  return type === 'azure'
    ? { kind: 'sas', sas: String(data.sas_string).replace(/^\?/, '') }
    : { kind: 'keys', accessKey: String(data.access_key), secretKey: String(data.secret_key) };
}

/** Refuses storage that cannot be written (an Azure file share: see storage/customer-writes.ts). */
export function requireWritingAdapter(
  adapter: WritingAdapter | null,
  pointer: string,
): WritingAdapter {
  if (adapter !== null) return adapter;
  throw apiError(
    'validation_failed',
    'Azure file shares cannot take uploads. Use a source on a blob container to upload from the asset manager.',
    { pointer },
  );
}

/** Writes and deletes the probe; a refusal is a 422 with the spec's message on the key field. */
export async function proveUploadCredentials(
  request: FastifyRequest,
  adapter: WritingAdapter,
  type: string,
  pointer: string,
): Promise<void> {
  try {
    await probeWritePermission(adapter);
  } catch (error) {
    if (!(error instanceof UploadCredentialsRefused)) throw error;
    request.log.info({ err: error.cause, sourceType: type }, 'upload credentials refused');
    const blamed = type === 'azure' ? ['sas_string'] : ['access_key'];
    throw apiError('invalid_source_config', error.message, {
      pointer: pointerFromIssuePath(blamed, pointer),
    });
  }
}

const WIZARD_POINTER = '/data/attributes/upload_credentials';

/** What the reference shows of the wizard's optional upload credentials. */
export const wizardUploadCredentialsBody = z
  .object({
    access_key: z.string().optional(),
    secret_key: z.string().optional(),
    sas_string: z.string().optional(),
  })
  .optional()
  .describe(
    'Optional upload credentials for the new source (S3, S3-compatible, GCS HMAC keys, or an Azure SAS with write and create permission), proven with a probe object.',
  );

/**
 * The wizard's step 2 (spec platform section 4): upload credentials typed beside a storage
 * configuration are proven against it, so a refusal shows on the step that holds them.
 */
export async function checkWizardUploadCredentials(
  app: FastifyInstance,
  request: FastifyRequest,
  configuration: SourceConfiguration,
  given: unknown,
): Promise<void> {
  if (given === undefined || given === null) return;
  const { type } = configuration;
  if (!takesUploadCredentials(type)) {
    throw apiError(
      'conflict',
      'Only S3, S3-compatible, GCS and Azure sources take upload credentials.',
      {
        pointer: WIZARD_POINTER,
      },
    );
  }
  const credentials = parseUploadCredentials(type, given, WIZARD_POINTER);
  const adapter = await app.darkroom.origins.adapterForConfiguration(
    withUploadCredentials(configuration, credentials),
  );
  const writing =
    adapter.stage !== undefined && adapter.remove !== undefined
      ? (adapter as WritingAdapter)
      : null;
  await proveUploadCredentials(
    request,
    requireWritingAdapter(writing, WIZARD_POINTER),
    type,
    WIZARD_POINTER,
  );
}
