import { apiFetch, resourceDocument, type ApiDocument } from './client.ts';
import type { UploadCredentialChanges } from './upload-credentials.ts';

/** What `POST /validations/domains` checks: a subdomain or a custom domain. */
export type DomainToValidate = { darkroom_subdomain: string } | { custom_domain: string };

/**
 * `POST /validations/domains`: resolves when the domain is well formed and available; rejects
 * with ApiRequestError otherwise (spec platform section 7: a rejection means unavailable).
 */
export async function validateDomain(
  domain: DomainToValidate,
  signal?: AbortSignal,
): Promise<void> {
  await apiFetch<ApiDocument<unknown>>('/validations/domains', {
    method: 'POST',
    body: resourceDocument('domain_validations', domain),
    signal,
  });
}

/**
 * `POST /validations/source/configurations`: checks the fields, then connects to the storage
 * with these credentials. Rejects with ApiRequestError whose first error names the field at fault.
 */
export async function validateSourceConfiguration(
  configuration: Record<string, unknown>,
  uploadCredentials: UploadCredentialChanges | null = null,
): Promise<void> {
  await apiFetch<ApiDocument<unknown>>('/validations/source/configurations', {
    method: 'POST',
    body: resourceDocument('source_configuration_validations', {
      configuration,
      // Proven with a probe object as well, before the source exists (spec platform section 8).
      ...(uploadCredentials ? { upload_credentials: uploadCredentials } : {}),
    }),
  });
}
