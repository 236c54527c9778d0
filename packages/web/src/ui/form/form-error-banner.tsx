import { CircleAlert } from 'lucide-react';
import { useFormState } from 'react-hook-form';

export interface FormErrorBannerProps {
  message: string | null | undefined;
  title?: string;
}

/** A form-level error (e.g. the server's answer), announced as soon as it appears. */
export function FormErrorBanner({ message, title }: FormErrorBannerProps) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200 ring-inset"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-600" />
      <div>
        {title && <p className="font-medium">{title}</p>}
        <p>{message}</p>
      </div>
    </div>
  );
}

/** The banner for the surrounding `<Form>`'s root error, set with `form.setError('root', …)`. */
export function FormRootError({ title }: { title?: string }) {
  const { errors } = useFormState();
  return <FormErrorBanner title={title} message={errors.root?.message} />;
}
