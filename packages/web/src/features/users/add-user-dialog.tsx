import { DEFAULT_TEAMMATE_PERMISSIONS, newUserSchema } from '@darkroom/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EVENTS, track } from '../../analytics/track.ts';
import type { Invitation } from '../../api/invitation-resource.ts';
import { useCreateUserMutation, type NewUserValues } from '../../api/users.ts';
import { redirectTo } from '../../app/redirect.ts';
import { Button, Form, FormRootError, TextField, useZodForm } from '../../ui/index.ts';
import { FormDialog } from '../../ui/overlay/form-dialog.tsx';
import { PlanLimitNotice } from '../billing/plan-limit-notice.tsx';
import { planLimitOf, type PlanLimit } from '../billing/plan-limit.utils.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import type { ErrorMessages } from '../forms/server-errors.utils.ts';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';
import { minimalPermissions } from '../permissions/permissions.utils.ts';
import { InvitationOutcome, invitationNextStep } from './invitation-outcome.tsx';
import { PermissionGroupsField } from './permission-groups-field.tsx';

const FIELDS = ['name', 'email', 'permissions'] as const;

const MESSAGES = { email_taken: 'A user with this email already exists.' } satisfies ErrorMessages;

const EMPTY: NewUserValues = {
  name: '',
  email: '',
  // The narrowest group unless the admin chooses more (platform spec section 5).
  permissions: [...DEFAULT_TEAMMATE_PERMISSIONS],
};

/**
 * The add-user form, as a dialog over the users list (route /users/new). The teammate is invited
 * by email and chooses their own password, or signs in with the provider when the account
 * requires single sign-on; the dialog then says how the invitation went out.
 */
export function AddUserDialog() {
  const [searchParams] = useSearchParams();
  const createUser = useCreateUserMutation();
  const [planLimit, setPlanLimit] = useState<PlanLimit | null>(null);
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const form = useZodForm(newUserSchema, { defaultValues: EMPTY });
  const { isSubmitting } = form.formState;

  // Closing returns to the list page the dialog was opened from.
  const close = () => {
    const page = parsePageParam(searchParams.get('page'));
    redirectTo(`/users${searchWithPage(searchParams, page)}`);
  };

  const onSubmit = async (values: NewUserValues) => {
    setPlanLimit(null);
    try {
      const added = await createUser.mutateAsync({
        name: values.name,
        email: values.email,
        permissions: minimalPermissions(values.permissions),
      });
      track(EVENTS.userAdded);
      setInvitation(added.invitation);
    } catch (error) {
      // A refusal by the plan's user limit comes with the way to upgrade (spec section 6).
      const limit = planLimitOf(error);
      if (limit) setPlanLimit(limit);
      else applyServerErrors(form, error, FIELDS, MESSAGES);
    }
  };

  if (invitation !== null) {
    return (
      <FormDialog
        title={invitation.delivery === 'log' ? 'Invitation created' : 'Invitation sent'}
        description={invitationNextStep(invitation)}
        onClose={close}
      >
        <InvitationOutcome invitation={invitation} />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              form.reset(EMPTY);
              setInvitation(null);
            }}
          >
            Add another user
          </Button>
          <Button type="button" color="orange" onClick={close}>
            Done
          </Button>
        </div>
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title="Add user"
      description="We email them an invitation to join this account."
      onClose={() => {
        if (!isSubmitting) close();
      }}
    >
      <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-5">
        <FormRootError />
        {planLimit && <PlanLimitNotice feature="users" message={planLimit.message} />}
        <TextField name="name" label="Name" autoComplete="off" required />
        <TextField name="email" label="Email" type="email" autoComplete="off" required />
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
            {isSubmitting ? 'Sending invitation…' : 'Send invitation'}
          </Button>
        </div>
      </Form>
    </FormDialog>
  );
}
