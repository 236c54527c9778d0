import { fieldFromPointer, uploadCredentialsUpdateSchema } from '@darkroom/core';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { isApiRequestError } from '../../../api/client.ts';
import type { UploadCredentialChanges } from '../../../api/upload-credentials.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { ConfigField, issuesByField } from '../config/config-controls.tsx';

/**
 * The inputs of a storage source's upload credentials (spec platform sections 3 and 5), shared
 * by the source page and the new-source wizard: an access key and a secret key, or for Azure a
 * SAS with write and create permission. Values are typed text; validation is core's schema.
 */
export interface UploadCredentialValues {
  access_key: string;
  secret_key: string;
  sas_string: string;
}

export const NO_UPLOAD_CREDENTIALS: UploadCredentialValues = {
  access_key: '',
  secret_key: '',
  sas_string: '',
};

/** The body of a save: only the fields of the source's kind of credentials. */
export function uploadCredentialChanges(
  azure: boolean,
  values: UploadCredentialValues,
): UploadCredentialChanges {
  return azure
    ? { sas_string: values.sas_string }
    : { access_key: values.access_key, secret_key: values.secret_key };
}

/** Whether anything was typed: an untouched group means no upload credentials. */
export function uploadCredentialsTyped(azure: boolean, values: UploadCredentialValues): boolean {
  return azure
    ? values.sas_string.trim() !== ''
    : values.access_key.trim() !== '' || values.secret_key.trim() !== '';
}

/** Core's checks, keyed by field: both keys or neither, a SAS that may write and create. */
export function uploadCredentialIssues(
  type: string,
  values: UploadCredentialValues,
): Record<string, string> {
  return issuesByField(
    uploadCredentialsUpdateSchema(type).safeParse(
      uploadCredentialChanges(type === 'azure', values),
    ),
  );
}

/**
 * The errors of a refused save or check, keyed like the fields ('' for the whole group).
 * `pointerPrefix` is where the credentials sit in the request ('' for their own resource).
 */
export function uploadCredentialServerErrors(
  error: unknown,
  pointerPrefix = '',
): Record<string, string> {
  if (!isApiRequestError(error) || error.errors.length === 0) {
    return { '': errorMessageOf(error) };
  }
  const found: Record<string, string> = {};
  for (const item of error.errors) {
    const pointer = item.source?.pointer ?? '';
    // The probe's refusal blames the credentials as a whole: shown above the fields.
    const field =
      item.code === 'invalid_source_config'
        ? ''
        : fieldFromPointer(
            pointer.startsWith(pointerPrefix) ? pointer.slice(pointerPrefix.length) : pointer,
          );
    found[field] ??= item.detail ?? errorMessageOf(error);
  }
  return found;
}

/** The group's own error, such as the probe's refusal, above its fields. */
export function UploadCredentialsAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
      <p>{message}</p>
    </div>
  );
}

export function UploadCredentialInputs({
  azure,
  values,
  onChange,
  errors,
  disabled,
  placeholders,
  hint,
}: {
  azure: boolean;
  values: UploadCredentialValues;
  onChange: (values: UploadCredentialValues) => void;
  errors: Record<string, string>;
  disabled?: boolean;
  /** The saved values, masked, shown where a new value would replace them. */
  placeholders?: Partial<Record<keyof UploadCredentialValues, string | null>>;
  /** Under the access key or the SAS, when they show no error. */
  hint?: ReactNode;
}) {
  const set = (field: keyof UploadCredentialValues) => (value: string) =>
    onChange({ ...values, [field]: value });
  if (azure) {
    return (
      <ConfigField
        label="Upload SAS token"
        secret
        value={values.sas_string}
        disabled={disabled}
        placeholder={placeholders?.sas_string ?? '?sv=...&sp=rwlc&sig=...'}
        error={errors.sas_string}
        hint={hint ?? 'An account SAS whose permissions (sp) include w and c.'}
        onChange={set('sas_string')}
      />
    );
  }
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <ConfigField
        label="Upload access key"
        value={values.access_key}
        disabled={disabled}
        placeholder={placeholders?.access_key ?? undefined}
        error={errors.access_key}
        hint={hint}
        onChange={set('access_key')}
      />
      <ConfigField
        label="Upload secret key"
        secret
        value={values.secret_key}
        disabled={disabled}
        placeholder={placeholders?.secret_key ?? undefined}
        error={errors.secret_key}
        onChange={set('secret_key')}
      />
    </div>
  );
}
