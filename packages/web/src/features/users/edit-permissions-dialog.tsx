import { userPermissionsSchema } from '@darkroom/core';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useUpdateUserMutation, type User } from '../../api/users.ts';
import { Button, Form, FormRootError, toast, useZodForm } from '../../ui/index.ts';
import { FormDialog } from '../../ui/overlay/form-dialog.tsx';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { minimalPermissions, permissionLabels } from '../permissions/permissions.utils.ts';
import { PermissionGroupsField } from './permission-groups-field.tsx';

// Spec platform section 5: at least one permission group; the API checks the same schema.
const permissionsFormSchema = z.object({ permissions: userPermissionsSchema });
type PermissionsFormValues = z.output<typeof permissionsFormSchema>;

const FIELDS = ['permissions'] as const;

/**
 * An Account Admin changes a teammate's permission groups, saved with `PATCH /users/{id}`. The
 * API's refusals (409 for the account's last Account Admin, 422 for a bad list) show on the
 * checkbox group.
 */
export function EditPermissionsDialog({
  user,
  isYou,
  onClose,
}: {
  user: User;
  /** The signed-in user edits their own groups. */
  isYou: boolean;
  onClose: () => void;
}) {
  const update = useUpdateUserMutation();
  const form = useZodForm(permissionsFormSchema, {
    defaultValues: { permissions: user.permissions },
  });
  const { isSubmitting } = form.formState;
  const chosen = useWatch({ control: form.control, name: 'permissions' });
  const givesUpOwnAdmin =
    isYou && user.permissions.includes('account_admin') && !chosen.includes('account_admin');

  const onSubmit = async ({ permissions }: PermissionsFormValues) => {
    // Only what is not already included is saved: Account Admin alone, not every group under it.
    const saved = minimalPermissions(permissions);
    try {
      await update.mutateAsync({ id: user.id, changes: { permissions: saved } });
      toast.success('Permissions saved', {
        description: `${user.name}: ${permissionLabels(saved)}.`,
      });
      onClose();
    } catch (error) {
      applyServerErrors(form, error, FIELDS);
    }
  };

  return (
    <FormDialog
      title={`Permissions of ${user.name}`}
      description={`What ${user.email} may do in this account.`}
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
    >
      <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-5">
        <FormRootError />
        <PermissionGroupsField
          name="permissions"
          legend="Permission groups"
          description="Choose at least one."
        />
        {givesUpOwnAdmin && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Once saved, you can no longer manage users or their permissions.
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="orange" working={isSubmitting}>
            Save permissions
          </Button>
        </div>
      </Form>
    </FormDialog>
  );
}
