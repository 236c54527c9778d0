import { fieldsFor, formatBytes, type CredentialField } from '@darkroom/core';
import { BookOpen, CloudUpload, Lightbulb } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { Button, FormErrorBanner, Select, TextField } from '../../../ui/index.ts';
import { PROVIDER_TIPS } from './provider-tips.ts';
import { cardFor, isProviderCardId, type CardId } from './wizard.utils.ts';

export interface WizardBanner {
  message: string;
  detail?: string;
}

function TextAreaField({ field }: { field: CredentialField }) {
  const id = useId();
  const { register } = useFormContext();
  const { errors } = useFormState({ name: field.name });
  const message = errors[field.name]?.message;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          {field.label}
        </label>
        {!field.required && <span className="text-xs text-zinc-500">Optional</span>}
      </div>
      <textarea
        id={id}
        rows={3}
        placeholder={field.placeholder}
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-description${message ? ` ${id}-error` : ''}`}
        {...register(field.name)}
        className="w-full rounded-lg bg-white px-3 py-2 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset placeholder:text-zinc-400"
      />
      <p id={`${id}-description`} className="text-xs text-zinc-500">
        {field.description}
      </p>
      {typeof message === 'string' && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {message}
        </p>
      )}
    </div>
  );
}

function SelectField({ field }: { field: CredentialField }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={field.name}
      render={({ field: { value, onChange }, fieldState }) => (
        <div className="flex flex-col gap-1">
          <Select
            label={field.label}
            options={(field.options ?? []).map((option) => ({ ...option }))}
            value={typeof value === 'string' ? value : null}
            onChange={(next) => onChange(next)}
          />
          <p className="text-xs text-zinc-500">{field.description}</p>
          {fieldState.error?.message && (
            <p className="text-xs font-medium text-red-600">{fieldState.error.message}</p>
          )}
        </div>
      )}
    />
  );
}

/** One credential field as the provider defines it: Optional tag, masked when secret. */
function CredentialInput({ field }: { field: CredentialField }) {
  if (field.inputType === 'select') return <SelectField field={field} />;
  if (field.inputType === 'textarea') return <TextAreaField field={field} />;
  return (
    <TextField
      name={field.name}
      label={field.label}
      description={field.description}
      placeholder={field.placeholder || undefined}
      required={field.required}
      secret={field.secret}
      type={field.inputType === 'url' ? 'url' : 'text'}
      autoComplete="off"
    />
  );
}

function StepButtons({
  validating,
  canContinue,
  onBack,
  divided = true,
}: {
  validating: boolean;
  canContinue: boolean;
  onBack: () => void;
  /** Off when a collapsible group above already draws the line. */
  divided?: boolean;
}) {
  return (
    <div
      className={`flex flex-col-reverse gap-2 sm:flex-row sm:justify-between ${divided ? 'border-t border-zinc-200 pt-4' : ''}`}
    >
      <Button type="button" variant="secondary" onClick={onBack} disabled={validating}>
        Back
      </Button>
      <Button type="submit" color="orange" disabled={!canContinue} working={validating}>
        Continue
      </Button>
    </div>
  );
}

/** Step 2 for managed storage: nothing to link, so it says how files get in instead. */
function ManagedStorageExplanation({
  maxUploadBytes,
  onBack,
}: {
  maxUploadBytes: number;
  onBack: () => void;
}) {
  return (
    <section aria-labelledby="link-storage-heading" className="space-y-6">
      <div>
        <h2 id="link-storage-heading" className="text-xl font-semibold text-zinc-900">
          Keep your files on Darkroom
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          There is no storage to connect and nothing to fill in.
        </p>
      </div>
      <div className="flex gap-3 rounded-lg bg-zinc-50 p-4 text-sm text-zinc-700 ring-1 ring-zinc-200 ring-inset">
        <CloudUpload aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <div className="space-y-2">
          <p>
            Once the source is deployed, open its page and upload your images there: drag and drop
            them or choose them from your device, several at a time, into a folder if you like.
          </p>
          <p>
            Each file can be up to {formatBytes(maxUploadBytes)} and is served from your subdomain
            under its path, for example{' '}
            <code className="rounded bg-white px-1">/products/shoe.jpg</code>.
          </p>
        </div>
      </div>
      <StepButtons validating={false} canContinue onBack={onBack} />
    </section>
  );
}

/** Step 2: the chosen provider's credential fields, its tip and the walkthrough button. */
export function LinkStorageStep({
  cardId,
  banner,
  validating,
  wide,
  walkthroughOpen,
  onOpenWalkthrough,
  onBack,
  canContinue,
  maxUploadBytes,
  uploadCredentials,
}: {
  cardId: CardId;
  /** Every required field is filled in and no field shows an error (spec section 5). */
  canContinue: boolean;
  banner: WizardBanner | null;
  validating: boolean;
  wide: boolean;
  walkthroughOpen: boolean;
  onOpenWalkthrough: () => void;
  onBack: () => void;
  /** The server's upload limit, for managed storage. */
  maxUploadBytes: number;
  /** The optional upload credentials group, for storage Darkroom can write to. */
  uploadCredentials?: ReactNode;
}) {
  if (!isProviderCardId(cardId)) {
    return <ManagedStorageExplanation maxUploadBytes={maxUploadBytes} onBack={onBack} />;
  }
  const card = cardFor(cardId);
  const fields = fieldsFor(card.type, card.storage_provider);

  return (
    <section aria-labelledby="link-storage-heading" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="link-storage-heading" className="text-xl font-semibold text-zinc-900">
            Link your {card.label} storage
          </h2>
          <p className="mt-1 text-sm text-zinc-600">
            Darkroom reads your media with these details.{' '}
            {card.docsUrl && (
              <a
                href={card.docsUrl}
                target="_blank"
                rel="noreferrer"
                className="font-medium text-brand-700 hover:underline"
              >
                {card.label} documentation
              </a>
            )}
          </p>
        </div>
        {/* On phones the opener stays under the dialog, so the focus can come back to it. */}
        {(!walkthroughOpen || !wide) && (
          <Button type="button" variant="secondary" color="orange" onClick={onOpenWalkthrough}>
            <BookOpen aria-hidden="true" className="size-4" />
            {/* Spec section 2 names the wide-screen opener; phones open the same guide full screen. */}
            {wide ? 'Full step-by-step walkthrough' : 'Step-by-step walkthrough'}
          </Button>
        )}
      </div>

      <aside
        aria-label="Tip"
        className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
      >
        <Lightbulb aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
        <p>{PROVIDER_TIPS[cardId]}</p>
      </aside>

      {banner &&
        (banner.detail ? (
          <FormErrorBanner title={banner.message} message={banner.detail} />
        ) : (
          <FormErrorBanner message={banner.message} />
        ))}

      <div className="space-y-5">
        {fields.map((field) => (
          <CredentialInput key={field.name} field={field} />
        ))}
      </div>

      {uploadCredentials}

      <StepButtons
        validating={validating}
        canContinue={canContinue}
        onBack={onBack}
        divided={!uploadCredentials}
      />
    </section>
  );
}
