import { useId, useMemo } from 'react';
import { useUpdateAssetMutation, type Asset } from '../../api/assets.ts';
import { Button, Form, FormRootError, TextField, toast, useZodForm } from '../../ui/index.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import {
  MAX_DESCRIPTION_LENGTH,
  assetEditSchema,
  type AssetEditValues,
} from './asset-edit.schema.ts';

const FIELDS = ['name', 'description', 'categories', 'labels_user_defined'] as const;

function DescriptionField({ form }: { form: ReturnType<typeof useAssetEditForm> }) {
  const id = useId();
  const error = form.formState.errors.description;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          Description
        </label>
        <span className="text-xs text-zinc-500">Optional</span>
      </div>
      <textarea
        id={id}
        rows={3}
        maxLength={MAX_DESCRIPTION_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...form.register('description')}
        className="w-full rounded-lg bg-white px-3 py-2 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset"
      />
      {error?.message && (
        <p id={`${id}-error`} className="text-xs text-red-600">
          {error.message}
        </p>
      )}
    </div>
  );
}

function useAssetEditForm(asset: Asset) {
  const schema = useMemo(() => assetEditSchema(asset.name), [asset.name]);
  return useZodForm(schema, {
    defaultValues: {
      name: asset.name,
      description: asset.description ?? '',
      categories: asset.categories.join(', '),
      labels_user_defined: asset.labels_user_defined.join(', '),
    },
  });
}

/** Name, description, categories and tags of an asset (not offered for demo assets). */
export function AssetEditForm({ asset }: { asset: Asset }) {
  const update = useUpdateAssetMutation(asset);
  const form = useAssetEditForm(asset);

  const onSubmit = async (values: AssetEditValues) => {
    try {
      const saved = await update.mutateAsync(values);
      form.reset({
        name: saved.name,
        description: saved.description ?? '',
        categories: saved.categories.join(', '),
        labels_user_defined: saved.labels_user_defined.join(', '),
      });
      toast.success('Asset saved');
    } catch (error) {
      applyServerErrors(form, error, FIELDS);
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label="Edit asset" className="space-y-4">
      <FormRootError title="The asset was not saved" />
      <TextField name="name" label="Name" required />
      <DescriptionField form={form} />
      <TextField
        name="categories"
        label="Categories"
        description="Separate categories with commas."
      />
      <TextField
        name="labels_user_defined"
        label="Tags"
        description="Separate tags with commas; each tag once."
      />
      <div className="flex justify-end">
        <Button
          type="submit"
          color="orange"
          working={form.formState.isSubmitting}
          disabled={!form.formState.isDirty}
        >
          Save changes
        </Button>
      </div>
    </Form>
  );
}
