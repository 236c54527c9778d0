import type { CapabilityName } from '@darkroom/core';
import { useId, useState, type FormEvent } from 'react';
import { useGrantCapabilitiesMutation, type AdminAccount } from '../../api/admin-accounts.ts';
import type { PremiumFeature } from '../../api/platform-settings.ts';
import { Button, toast } from '../../ui/index.ts';
import { FormDialog } from '../../ui/overlay/form-dialog.tsx';
import { errorMessageOf } from '../forms/server-errors.utils.ts';
import { capabilityRows, toggledCapability, type CapabilityRow } from './admin-accounts.utils.ts';

export interface CapabilitiesDialogProps {
  account: AdminAccount;
  /** What this install can run; undefined while it loads. */
  installFeatures: readonly PremiumFeature[] | undefined;
  onClose: () => void;
}

/**
 * The install administrator grants an account premium capabilities (editor spec section 3,
 * 'Capabilities'): the account's own grants, beside what its plan already brings and what this
 * server cannot run until its operator configures it.
 */
export function CapabilitiesDialog({ account, installFeatures, onClose }: CapabilitiesDialogProps) {
  const [chosen, setChosen] = useState<CapabilityName[]>(account.capabilities);
  const grant = useGrantCapabilitiesMutation();
  const errorId = useId();
  const rows = capabilityRows(chosen, account.plan.capabilities, installFeatures);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await grant.mutateAsync({ id: account.id, capabilities: chosen });
      toast.success('Capabilities saved', { description: account.company });
      onClose();
    } catch {
      // Shown in the dialog (grant.error) where the admin can try again.
    }
  };

  return (
    <FormDialog
      title={`Capabilities of ${account.company}`}
      description={`On the ${account.plan.name} plan. The plan's capabilities come with it; grant others here.`}
      onClose={() => {
        if (!grant.isPending) onClose();
      }}
    >
      <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-5" noValidate>
        {grant.isError && (
          <p
            id={errorId}
            role="alert"
            className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
          >
            {errorMessageOf(grant.error)}
          </p>
        )}
        <fieldset aria-describedby={grant.isError ? errorId : undefined}>
          <legend className="text-sm font-medium text-zinc-800">Granted to the account</legend>
          <ul className="mt-2 divide-y divide-zinc-100 rounded-lg ring-1 ring-zinc-200">
            {rows.map((row) => (
              <CapabilityOption
                key={row.name}
                row={row}
                planName={account.plan.name}
                disabled={grant.isPending}
                onChange={(on) => setChosen((current) => toggledCapability(current, row.name, on))}
              />
            ))}
          </ul>
        </fieldset>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={grant.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="orange" working={grant.isPending}>
            {grant.isPending ? 'Saving…' : 'Save capabilities'}
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

function CapabilityOption({
  row,
  planName,
  disabled,
  onChange,
}: {
  row: CapabilityRow;
  planName: string;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const inputId = useId();
  const notes = [
    row.fromPlan ? { id: `${inputId}-plan`, text: `Included in the ${planName} plan.` } : null,
    row.unavailableReason === null
      ? null
      : { id: `${inputId}-server`, text: `Not available on this server. ${row.unavailableReason}` },
  ].filter((note) => note !== null);
  return (
    <li className="flex items-start gap-3 px-3 py-2.5">
      <input
        id={inputId}
        type="checkbox"
        checked={row.granted}
        disabled={disabled}
        aria-describedby={notes.map((note) => note.id).join(' ') || undefined}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-4 shrink-0 rounded border-zinc-300 accent-brand-600"
      />
      <div className="min-w-0 flex-1 text-sm">
        <label htmlFor={inputId} className="font-medium text-zinc-900">
          {row.label}
        </label>
        {notes.map((note) => (
          <p
            key={note.id}
            id={note.id}
            className={
              note.id.endsWith('-server') ? 'text-xs text-amber-800' : 'text-xs text-zinc-500'
            }
          >
            {note.text}
          </p>
        ))}
      </div>
    </li>
  );
}
