import { CloudUpload } from 'lucide-react';
import { CollapsibleSection } from '../../../ui/index.ts';
import {
  UploadCredentialInputs,
  UploadCredentialsAlert,
  type UploadCredentialValues,
} from '../upload-credentials/upload-credential-inputs.tsx';

/**
 * Step 2's optional upload credentials (spec platform sections 3 and 5): write keys for the
 * asset manager, kept apart from the read credentials above. Closed until wanted; the wizard
 * opens it when it holds an error, so a refusal is never hidden.
 */
export function UploadCredentialsGroup({
  azure,
  values,
  errors,
  expanded,
  disabled,
  onChange,
  onExpandedChange,
}: {
  azure: boolean;
  values: UploadCredentialValues;
  errors: Record<string, string>;
  expanded: boolean;
  disabled: boolean;
  onChange: (values: UploadCredentialValues) => void;
  onExpandedChange: (expanded: boolean) => void;
}) {
  const bucket = azure ? 'container' : 'bucket';
  return (
    <CollapsibleSection
      title="Upload credentials (optional)"
      expanded={expanded}
      onExpandedChange={onExpandedChange}
      className="border-t"
    >
      <div className="space-y-4">
        <div className="flex gap-3 text-sm text-zinc-600">
          <CloudUpload aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
          <div className="space-y-1">
            <p>
              With upload credentials, the asset manager uploads files into your own {bucket}, under
              this source&apos;s prefix. Without them the source is read-only: Darkroom only serves
              what is already there. You can add them later on the source page.
            </p>
            <p>
              {azure
                ? 'Use a SAS token with the Write and Create permissions.'
                : 'Use an access key and its secret key that may write and delete objects (s3:PutObject and s3:DeleteObject); enter both or neither.'}{' '}
              Darkroom writes and deletes a small test file to check them.
            </p>
          </div>
        </div>
        <UploadCredentialsAlert message={errors['']} />
        <UploadCredentialInputs
          azure={azure}
          values={values}
          onChange={onChange}
          errors={errors}
          disabled={disabled}
        />
      </div>
    </CollapsibleSection>
  );
}
