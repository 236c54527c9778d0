import type { FormHTMLAttributes, ReactNode } from 'react';
import {
  FormProvider,
  type FieldValues,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

export interface FormProps<TFieldValues extends FieldValues, TOutput> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid'
> {
  form: UseFormReturn<TFieldValues, unknown, TOutput>;
  /** Runs with the parsed values when every field is valid. */
  onSubmit: SubmitHandler<TOutput>;
  /** Runs instead when a field is invalid (after focus has moved to the first one). */
  onInvalid?: SubmitErrorHandler<TFieldValues>;
  children: ReactNode;
}

/** A form wired to a `useZodForm` instance; fields inside reach it through context. */
export function Form<TFieldValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...rest
}: FormProps<TFieldValues, TOutput>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        {...rest}
        onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}
      >
        {children}
      </form>
    </FormProvider>
  );
}
