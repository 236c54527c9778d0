import type { PermissionGroup } from '@darkroom/core';
import { useState } from 'react';
import { useCreateApiKeyMutation, type CreatedApiKey } from '../../api/api-keys.ts';
import { Button, Form, FormRootError, TextField, useZodForm } from '../../ui/index.ts';
import { FormDialog } from '../../ui/overlay/form-dialog.tsx';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { PermissionGroupsField } from '../users/permission-groups-field.tsx';
import { apiKeyFormSchema, type ApiKeyFormInput } from './api-key-form.schema.ts';
import { CreatedKeyPanel } from './created-key-panel.tsx';
import { ExpiryField } from './expiry-field.tsx';

const FIELDS = ['name', 'permissions'] as const;

/**
 * Creates a key, then shows it once. The secret lives only in this dialog's state: closing it
 * forgets the key for good, so while it shows, only Done closes the dialog (not Escape).
 */
export function CreateApiKeyDialog({
  groups,
  onClose,
}: {
  /** The groups the creator holds: a key holds no more than they do. */
  groups: readonly PermissionGroup[];
  onClose: () => void;
}) {
  const createKey = useCreateApiKeyMutation();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  if (created) {
    return (
      <FormDialog
        title="Copy your new API key"
        description={`“${created.name}” is ready. Store it where your script or integration reads its secrets.`}
        onClose={() => undefined}
      >
        <CreatedKeyPanel created={created} onDone={onClose} />
      </FormDialog>
    );
  }
  return (
    <NewKeyForm
      groups={groups}
      onCreated={setCreated}
      onClose={onClose}
      create={createKey.mutateAsync}
    />
  );
}

function NewKeyForm({
  groups,
  onCreated,
  onClose,
  create,
}: {
  groups: readonly PermissionGroup[];
  onCreated: (created: CreatedApiKey) => void;
  onClose: () => void;
  create: ReturnType<typeof useCreateApiKeyMutation>['mutateAsync'];
}) {
  const form = useZodForm(apiKeyFormSchema, {
    // No group is chosen for the creator: a key should hold only what its script needs.
    defaultValues: { name: '', permissions: [], expires_on: '' } satisfies ApiKeyFormInput,
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <FormDialog
      title="Create API key"
      description="For a script or integration that calls the Darkroom API as this account."
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
    >
      <Form
        form={form}
        onSubmit={async (values) => {
          try {
            onCreated(await create(values));
          } catch (error) {
            applyServerErrors(form, error, FIELDS);
          }
        }}
        className="mt-6 space-y-5"
      >
        <FormRootError />
        <TextField
          name="name"
          label="Name"
          autoComplete="off"
          placeholder="e.g. CI purge script"
          description={errors.name ? undefined : 'Say what uses the key, to know it in the list.'}
          required
        />
        <PermissionGroupsField
          name="permissions"
          legend="Permission groups"
          description="What the key may do. Choose at least one; you can give only groups you hold."
          groups={groups}
        />
        <ExpiryField />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="orange" working={isSubmitting}>
            Create key
          </Button>
        </div>
      </Form>
    </FormDialog>
  );
}
