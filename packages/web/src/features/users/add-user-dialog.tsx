import { DEFAULT_TEAMMATE_PERMISSIONS, MIN_PASSWORD_LENGTH, newUserSchema } from '@darkroom/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EVENTS, track } from '../../analytics/track.ts';
import { useCreateUserMutation, type NewUserValues } from '../../api/users.ts';
import { redirectTo } from '../../app/redirect.ts';
import { Button, Form, FormRootError, TextField, toast, useZodForm } from '../../ui/index.ts';
import { FormDialog } from '../../ui/overlay/form-dialog.tsx';
import { PlanLimitNotice } from '../billing/plan-limit-notice.tsx';
import { planLimitOf, type PlanLimit } from '../billing/plan-limit.utils.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import type { ErrorMessages } from '../forms/server-errors.utils.ts';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';
import { minimalPermissions } from '../permissions/permissions.utils.ts';
import { PermissionGroupsField } from './permission-groups-field.tsx';

const FIELDS = ['name', 'email', 'password', 'permissions'] as const;

const MESSAGES = { email_taken: 'A user with this email already exists.' } satisfies ErrorMessages;

/** The add-user form, as a dialog over the users list (route /users/new). */
export function AddUserDialog() {
  const [searchParams] = useSearchParams();
  const createUser = useCreateUserMutation();
  const [planLimit, setPlanLimit] = useState<PlanLimit | null>(null);
  const form = useZodForm(newUserSchema, {
    // The narrowest group unless the admin chooses more (platform spec section 5).
    defaultValues: {
      name: '',
      email: '',
      password: '',
      permissions: [...DEFAULT_TEAMMATE_PERMISSIONS],
    },
  });
  // The length hint gives way to the error that repeats it.
  const { errors, isSubmitting } = form.formState;

  // Closing returns to the list page the dialog was opened from.
  const close = () => {
    const page = parsePageParam(searchParams.get('page'));
    redirectTo(`/users${searchWithPage(searchParams, page)}`);
  };

  const onSubmit = async (values: NewUserValues) => {
    setPlanLimit(null);
    try {
      const user = await createUser.mutateAsync({
        ...values,
        permissions: minimalPermissions(values.permissions),
      });
      track(EVENTS.userAdded);
      toast.success('User added', { description: `${user.name} can now sign in.` });
      close();
    } catch (error) {
      // A refusal by the plan's user limit comes with the way to upgrade (spec section 6).
      const limit = planLimitOf(error);
      if (limit) setPlanLimit(limit);
      else applyServerErrors(form, error, FIELDS, MESSAGES);
    }
  };

  return (
    <FormDialog
      title="Add user"
      description="They sign in to this account with this email and password."
      onClose={() => {
        if (!isSubmitting) close();
      }}
    >
      <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-5">
        <FormRootError />
        {planLimit && <PlanLimitNotice feature="users" message={planLimit.message} />}
        <TextField name="name" label="Name" autoComplete="off" required />
        <TextField name="email" label="Email" type="email" autoComplete="off" required />
        <TextField
          name="password"
          label="Password"
          secret
          autoComplete="new-password"
          description={
            errors.password
              ? undefined
              : `Use at least ${MIN_PASSWORD_LENGTH} characters. Share it with them securely.`
          }
          required
        />
        <PermissionGroupsField
          name="permissions"
          legend="Permission groups"
          description="What they may do in this account. Choose at least one."
        />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" color="orange" working={isSubmitting}>
            Add user
          </Button>
        </div>
      </Form>
    </FormDialog>
  );
}
