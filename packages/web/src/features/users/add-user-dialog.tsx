import { FloatingFocusManager, FloatingOverlay, FloatingPortal } from '@floating-ui/react';
import { MIN_PASSWORD_LENGTH, newUserSchema } from '@darkroom/core';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { EVENTS, track } from '../../analytics/track.ts';
import { useCreateUserMutation, type NewUserValues } from '../../api/users.ts';
import { redirectTo } from '../../app/redirect.ts';
import { Button, Form, FormRootError, TextField, toast, useZodForm } from '../../ui/index.ts';
import { useModalFloating } from '../../ui/overlay/use-modal-floating.ts';
import { applyServerErrors } from '../forms/apply-server-errors.ts';
import { parsePageParam, searchWithPage } from '../lists/pagination.utils.ts';

const FIELDS = ['name', 'email', 'password'] as const;

const MESSAGES = { email_taken: 'A user with this email already exists.' };

/** The add-user form, as a dialog over the users list (route /users/new). */
export function AddUserDialog() {
  const [searchParams] = useSearchParams();
  const titleId = useId();
  const descriptionId = useId();
  const createUser = useCreateUserMutation();
  const form = useZodForm(newUserSchema, {
    defaultValues: { name: '', email: '', password: '' },
  });
  // The length hint gives way to the error that repeats it.
  const { errors, isSubmitting } = form.formState;

  // Closing returns to the list page the dialog was opened from.
  const close = () => {
    const page = parsePageParam(searchParams.get('page'));
    redirectTo(`/users${searchWithPage(searchParams, page)}`);
  };

  const { context, setFloating, getFloatingProps } = useModalFloating(() => {
    if (!isSubmitting) close();
  });

  const onSubmit = async (values: NewUserValues) => {
    try {
      const user = await createUser.mutateAsync(values);
      track(EVENTS.userAdded);
      toast.success('User added', { description: `${user.name} can now sign in.` });
      close();
    } catch (error) {
      applyServerErrors(form, error, FIELDS, MESSAGES);
    }
  };

  return (
    <FloatingPortal>
      <FloatingOverlay
        lockScroll
        className="z-50 grid place-items-end bg-zinc-950/50 sm:place-items-center sm:p-4"
      >
        <FloatingFocusManager context={context} modal>
          <div
            ref={setFloating}
            aria-labelledby={titleId}
            aria-describedby={descriptionId}
            {...getFloatingProps()}
            className="max-h-full w-full max-w-lg overflow-y-auto rounded-t-lg bg-white p-6 shadow-xl outline-none sm:rounded-lg"
          >
            <h2 id={titleId} className="text-lg font-semibold text-zinc-900">
              Add user
            </h2>
            <p id={descriptionId} className="mt-1 text-sm text-zinc-600">
              They sign in to this account with this email and password.
            </p>
            <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-5">
              <FormRootError />
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
              <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
                <Button type="button" variant="secondary" onClick={close} disabled={isSubmitting}>
                  Cancel
                </Button>
                <Button type="submit" color="orange" working={isSubmitting}>
                  Add user
                </Button>
              </div>
            </Form>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
