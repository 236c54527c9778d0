import { takesUploadCredentials } from '@darkroom/core';
import { useRef, useState, type ReactNode } from 'react';
import { isApiRequestError } from '../../../api/client.ts';
import type { UploadCredentialChanges } from '../../../api/upload-credentials.ts';
import {
  NO_UPLOAD_CREDENTIALS,
  uploadCredentialChanges,
  uploadCredentialIssues,
  uploadCredentialServerErrors,
  uploadCredentialsTyped,
} from '../upload-credentials/upload-credential-inputs.tsx';
import { UploadCredentialsGroup } from './upload-credentials-group.tsx';

/** Where the configuration check's body holds the upload credentials (api/validations.ts). */
const POINTER = '/data/attributes/upload_credentials';

/** What step 2's Continue does with the upload credentials group. */
export type UploadCredentialsCheck =
  | { kind: 'none' }
  | { kind: 'prove'; changes: UploadCredentialChanges }
  /** Refused in the browser (one key without the other, a SAS that cannot write): shown. */
  | { kind: 'invalid' };

/**
 * The wizard's optional upload credentials: typed on step 2, proven by the configuration check
 * on Continue, saved by Deploy once the source exists (`validated`). Every typed value stays
 * through a refusal; they are cleared only when the storage type changes.
 */
export function useWizardUploadCredentials() {
  const [values, setValues] = useState(NO_UPLOAD_CREDENTIALS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [expanded, setExpanded] = useState(false);
  const validated = useRef<UploadCredentialChanges | null>(null);

  const showErrors = (found: Record<string, string>) => {
    setErrors(found);
    if (Object.keys(found).length > 0) setExpanded(true);
  };

  const reset = () => {
    setValues(NO_UPLOAD_CREDENTIALS);
    setErrors({});
    setExpanded(false);
    validated.current = null;
  };

  const check = (type: string): UploadCredentialsCheck => {
    const azure = type === 'azure';
    if (!takesUploadCredentials(type) || !uploadCredentialsTyped(azure, values)) {
      setErrors({});
      return { kind: 'none' };
    }
    const found = uploadCredentialIssues(type, values);
    showErrors(found);
    if (Object.keys(found).length > 0) return { kind: 'invalid' };
    return { kind: 'prove', changes: uploadCredentialChanges(azure, values) };
  };

  /** Shows a refusal of the configuration check that is about the upload credentials. */
  const showCheckError = (error: unknown): boolean => {
    if (!isApiRequestError(error)) return false;
    const pointer = error.errors[0]?.source?.pointer ?? '';
    if (!pointer.startsWith(POINTER)) return false;
    showErrors(uploadCredentialServerErrors(error, POINTER));
    return true;
  };

  const group = (type: string, disabled: boolean): ReactNode =>
    takesUploadCredentials(type) ? (
      <UploadCredentialsGroup
        azure={type === 'azure'}
        values={values}
        errors={errors}
        expanded={expanded}
        disabled={disabled}
        onChange={setValues}
        onExpandedChange={setExpanded}
      />
    ) : null;

  /** Continue succeeded: Deploy saves these (null: none typed). */
  const keepProven = (changes: UploadCredentialChanges | null) => {
    validated.current = changes;
  };

  return { validated, reset, check, showCheckError, keepProven, group };
}
