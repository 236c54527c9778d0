import { fieldErrorsFromIssues, fieldFromPointer } from '@darkroom/core';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { track } from '../../../analytics/track.ts';
import { useCurrentSubscriptionQuery } from '../../../api/billing.ts';
import { isApiRequestError } from '../../../api/client.ts';
import { useUpdateSourceMutation, type SourceChanges } from '../../../api/sources.ts';
import { usePermission } from '../../../app/permissions.ts';
import { Button, toast } from '../../../ui/index.ts';
import { PermissionNote } from '../../permissions/permission-note.tsx';
import { SOURCE_EVENTS } from '../sources-events.ts';
import { mapApiError } from '../sources.utils.ts';

/** A labelled text input of the configuration screen, with its hint or its error below. */
export function ConfigField({
  label,
  value,
  onChange,
  error,
  hint,
  placeholder,
  disabled,
  inputMode,
  secret = false,
  optional = false,
  invalid = false,
  describedBy,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  placeholder?: string;
  disabled?: boolean;
  inputMode?: 'numeric' | 'url' | 'text';
  secret?: boolean;
  optional?: boolean;
  /** Marks the input invalid when the message sits elsewhere (under a row of two inputs). */
  invalid?: boolean;
  /** The id of that message. */
  describedBy?: string | undefined;
}) {
  const id = useId();
  const noteId = error || hint ? `${id}-note` : null;
  const descriptions = [noteId, describedBy].filter(Boolean).join(' ');
  const showInvalid = invalid || Boolean(error);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-zinc-800">
          {label}
        </label>
        {optional && <span className="text-xs text-zinc-500">Optional</span>}
      </div>
      <input
        id={id}
        type={secret ? 'password' : 'text'}
        inputMode={inputMode}
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={showInvalid || undefined}
        aria-describedby={descriptions || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`h-10 w-full rounded-lg bg-white px-3 text-sm text-zinc-900 ring-1 ring-inset placeholder:text-zinc-400 disabled:cursor-not-allowed disabled:bg-zinc-50 disabled:text-zinc-500 ${showInvalid ? 'ring-red-500' : 'ring-zinc-300'}`}
      />
      {error ? (
        <p id={`${id}-note`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-note`} className="text-xs text-zinc-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The Save button of a section, shown only where the source can be edited. */
export function SaveButton({
  readOnly,
  saving,
  disabled,
  onSave,
  label = 'Save',
}: {
  readOnly: boolean;
  saving: boolean;
  disabled?: boolean;
  onSave: () => void;
  label?: string;
}) {
  if (readOnly) return null;
  return (
    <div className="flex justify-end pt-2">
      <Button
        type="button"
        color="orange"
        size="small"
        working={saving}
        disabled={disabled}
        onClick={onSave}
      >
        {label}
      </Button>
    </div>
  );
}

/**
 * Spec platform sections 2 and 6: plan-gated settings show an upgrade call-to-action, leading to
 * the plans (and logging that it was shown and followed). Accounts on a paid plan do not see it.
 */
export function UpgradeCard({ feature, sourceId }: { feature: string; sourceId: string }) {
  // The plans and the subscription are the Billing group's (spec section 5): without it the card
  // says who can upgrade instead of leading to them.
  const canBill = usePermission('billing');
  const subscription = useCurrentSubscriptionQuery({ enabled: canBill });
  const onPaidPlan = (subscription.data?.items.data[0]?.price.unit_amount ?? 0) > 0;
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current || onPaidPlan) return;
    shown.current = true;
    track(SOURCE_EVENTS.paywallShown, { feature, source_id: sourceId });
  }, [feature, sourceId, onPaidPlan]);
  if (onPaidPlan) return null;
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-brand-50 p-4 ring-1 ring-brand-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
      <div className="flex gap-3">
        <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
        <div className="text-sm">
          <p className="font-medium text-zinc-900">Upgrade your plan to use {feature}</p>
          <p className="text-zinc-600">
            {feature.charAt(0).toUpperCase() + feature.slice(1)} are part of paid plans; compare
            what each plan includes.
          </p>
        </div>
      </div>
      {canBill ? (
        <Link
          to="/billing/plans"
          onClick={() => track(SOURCE_EVENTS.paywallClicked, { feature, source_id: sourceId })}
          className="inline-flex shrink-0 items-center justify-center rounded-md bg-white px-3 py-1.5 text-sm font-medium text-zinc-900 ring-1 ring-zinc-300 ring-inset hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          View plans
        </Link>
      ) : (
        <PermissionNote group="billing" action="Upgrading" className="sm:max-w-56" />
      )}
    </div>
  );
}

/** First message per field of a zod result, keyed by field (`darkroom_subdomains[1]`…). */
export function issuesByField(result: {
  success: boolean;
  error?: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> };
}): Record<string, string> {
  if (result.success || !result.error) return {};
  return fieldErrorsFromIssues(result.error.issues);
}

/**
 * Saves one section's changes with PATCH: a toast on success, and on failure the mapped error on
 * the section's field (returned) or in a toast. `ownsField` names fields the section shows with
 * the server's own wording, where spec section 8 has no catalogue message (default parameters).
 */
export function useSaveSource(sourceId: string) {
  const update = useUpdateSourceMutation(sourceId);
  const save = async (
    changes: SourceChanges,
    successMessage: string,
    { ownsField }: { ownsField?: (field: string) => boolean } = {},
  ): Promise<{ ok: true } | { ok: false; field: string | null; message: string }> => {
    try {
      await update.mutateAsync(changes);
      toast.success(successMessage);
      return { ok: true };
    } catch (error) {
      const first = isApiRequestError(error) ? error.errors[0] : undefined;
      const pointed = fieldFromPointer(first?.source?.pointer ?? '');
      if (ownsField && pointed !== '' && ownsField(pointed) && first?.detail) {
        return { ok: false, field: pointed, message: first.detail };
      }
      const mapped = mapApiError(error);
      if (mapped.kind === 'field')
        return { ok: false, field: mapped.field, message: mapped.message };
      toast.error('Could not save', { description: mapped.message });
      return { ok: false, field: null, message: mapped.message };
    }
  };
  return { save, saving: update.isPending };
}
