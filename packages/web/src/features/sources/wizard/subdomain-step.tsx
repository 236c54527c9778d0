import { CircleCheck, LoaderCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useFormContext, useFormState } from 'react-hook-form';
import { deliveryScheme } from '@darkroom/core';
import { Button, FormErrorBanner } from '../../../ui/index.ts';

export type Availability =
  | { status: 'idle' }
  | { status: 'checking'; subdomain: string }
  | { status: 'available'; subdomain: string }
  | { status: 'unavailable'; subdomain: string; message: string };

/**
 * The subdomain input between its scheme prefix and `.{delivery domain}` suffix. The scheme is
 * the one delivery URLs of this install get (`http://` on a local delivery domain), so the
 * address read here is the one the source will answer on.
 */
function SubdomainField({
  deliveryDomain,
  availability,
}: {
  deliveryDomain: string;
  availability: Availability;
}) {
  const id = useId();
  const { register } = useFormContext();
  const { errors } = useFormState({ name: 'subdomain' });
  const error = errors.subdomain?.message;
  const statusId = `${id}-status`;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800">
        Subdomain
      </label>
      <div
        className={`flex h-10 items-stretch overflow-hidden rounded-lg bg-white ring-1 ring-inset focus-within:ring-2 focus-within:ring-brand-500 ${error ? 'ring-red-500' : 'ring-zinc-300'}`}
      >
        <span className="flex items-center bg-zinc-50 px-3 text-sm text-zinc-500">
          {deliveryScheme(deliveryDomain)}://
        </span>
        <input
          id={id}
          autoComplete="off"
          spellCheck={false}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={statusId}
          {...register('subdomain')}
          className="min-w-0 flex-1 px-2 text-sm text-zinc-900 focus:outline-none"
        />
        <span className="flex max-w-[50%] items-center truncate bg-zinc-50 px-3 text-sm text-zinc-500">
          .{deliveryDomain}
        </span>
      </div>
      <p id={statusId} aria-live="polite" className="min-h-4 text-xs">
        {typeof error === 'string' ? (
          <span className="font-medium text-red-600">{error}</span>
        ) : availability.status === 'checking' ? (
          <span className="inline-flex items-center gap-1 text-zinc-500">
            <LoaderCircle aria-hidden="true" className="size-3 animate-spin" />
            Checking availability…
          </span>
        ) : availability.status === 'available' ? (
          <span className="inline-flex items-center gap-1 font-medium text-green-700">
            <CircleCheck aria-hidden="true" className="size-3" />
            {availability.subdomain}.{deliveryDomain} is available
          </span>
        ) : (
          <span className="text-zinc-500">
            Lowercase letters, numbers and dashes. You can add more subdomains and your own domains
            later.
          </span>
        )}
      </p>
    </div>
  );
}

/** Step 3: the subdomain the source is served from, then 'Deploy Source'. */
export function SubdomainStep({
  deliveryDomain,
  availability,
  banner,
  notice,
  deploying,
  canDeploy,
  onBack,
}: {
  deliveryDomain: string;
  availability: Availability;
  banner: string | null;
  /** A richer refusal than the banner's text, such as a plan limit with its upgrade link. */
  notice?: ReactNode;
  deploying: boolean;
  canDeploy: boolean;
  onBack: () => void;
}) {
  return (
    <section aria-labelledby="subdomain-heading" className="space-y-6">
      <div>
        <h2 id="subdomain-heading" className="text-xl font-semibold text-zinc-900">
          Choose your subdomain
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          Your media will be served from this address, with the transformations you ask for in the
          URL.
        </p>
      </div>
      <FormErrorBanner message={banner} />
      {notice}
      <SubdomainField deliveryDomain={deliveryDomain} availability={availability} />
      <div className="flex flex-col-reverse gap-2 border-t border-zinc-200 pt-4 sm:flex-row sm:justify-between">
        <Button type="button" variant="secondary" onClick={onBack} disabled={deploying}>
          Back
        </Button>
        <Button type="submit" color="orange" disabled={!canDeploy} working={deploying}>
          Deploy Source
        </Button>
      </div>
    </section>
  );
}
