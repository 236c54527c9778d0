// Upload credentials of storage sources (spec platform sections 3, 5 and 8; imgix's "upload
// credentials" for the asset manager): write keys kept apart from the read credentials, so a
// source can serve with a read-only key and take uploads with another. One schema checks the
// dashboard's form and the API's body alike.
import { z } from 'zod';
import { azureSasSchema, parseSasParameters } from './azure-sas.ts';
import { SOURCE_MESSAGES } from './messages.ts';
import { uploadCredentialsSchema } from './rules.ts';
import type { SourceType } from './types.ts';

/** The source types that can take upload credentials: the storage services Darkroom can write. */
export const UPLOAD_CREDENTIAL_SOURCE_TYPES = [
  's3',
  's3_compatible',
  'gcs',
  'azure',
] as const satisfies SourceType[];

export function takesUploadCredentials(type: string): boolean {
  return (UPLOAD_CREDENTIAL_SOURCE_TYPES as readonly string[]).includes(type);
}

/** The SAS permissions an upload needs (Azure's "Create a service SAS": w write, c create). */
export const UPLOAD_SAS_PERMISSIONS = ['w', 'c'] as const;

/** Whether a SAS string's permissions (`sp`) let Darkroom create and write blobs. */
export function sasAllowsUploads(sas: string): boolean {
  const permissions = parseSasParameters(sas).get('sp') ?? '';
  return UPLOAD_SAS_PERMISSIONS.every((permission) => permissions.includes(permission));
}

/**
 * Azure upload credentials: a SAS token (spec section 5: 'A SAS token is required to update
 * Azure upload credentials.') that passes the SAS rules and grants write and create.
 */
export const azureUploadCredentialsSchema = z.object({
  sas_string: z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value.trim() : ''))
    .pipe(
      z
        .string()
        .min(1, { error: SOURCE_MESSAGES.sasRequiredForUpload, abort: true })
        .pipe(azureSasSchema())
        .refine(sasAllowsUploads, {
          error:
            'This SAS does not allow uploads. Generate one with the Write and Create permissions (sp must contain w and c).',
        }),
    ),
});

/** The body of `PUT /sources/{id}/upload-credentials`, by the source's type. */
export function uploadCredentialsUpdateSchema(type: string) {
  return type === 'azure' ? azureUploadCredentialsSchema : uploadCredentialsSchema;
}

export type S3UploadCredentials = { access_key: string; secret_key: string };
export type AzureUploadCredentials = { sas_string: string };

/** `upload_credentials` attributes as the API shows them: every secret masked. */
export interface UploadCredentialsAttributes {
  /** Whether the source has upload credentials, so the asset manager may upload into it. */
  enabled: boolean;
  access_key: string | null;
  secret_key: string | null;
  sas_string: string | null;
}
