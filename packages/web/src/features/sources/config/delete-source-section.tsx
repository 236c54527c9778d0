import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeleteSourceMutation } from '../../../api/deletions.ts';
import type { Source } from '../../../api/sources.ts';
import { Button, CollapsibleSection, toast } from '../../../ui/index.ts';
import { FormDialog } from '../../../ui/overlay/form-dialog.tsx';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { confirmsDeletion, deletionWord } from './delete-source.utils.ts';

/** How long a deleted source's subdomain stays reserved for the account (the server's rule). */
const GRACE_DAYS = 7;

function DeleteSourceDialog({ source, onClose }: { source: Source; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const noteId = useId();
  const remove = useDeleteSourceMutation();
  const navigate = useNavigate();
  const word = deletionWord(source);
  const confirmed = confirmsDeletion(source, typed);

  const onDelete = async () => {
    if (!confirmed) return;
    setError(null);
    try {
      await remove.mutateAsync(source.id);
      toast.success('Source deleted', { description: `${source.name} and its images are gone.` });
      void navigate('/sources');
    } catch (failure) {
      setError(errorMessageOf(failure));
    }
  };

  return (
    <FormDialog
      title={`Delete ${source.name}?`}
      description="Its images stop being delivered at once. This cannot be undone."
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
    >
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void onDelete();
        }}
      >
        <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700">
          <li>Its assets, their details and its cached renders are deleted.</li>
          {source.production.type === 'darkroom_storage' && (
            <li>The files uploaded to it are deleted from Darkroom Storage.</li>
          )}
          <li>
            Its subdomain stays reserved for your account for {GRACE_DAYS} days, then anyone may
            take it.
          </li>
        </ul>
        <div className="flex flex-col gap-1">
          <label htmlFor={inputId} className="text-sm font-medium text-zinc-800">
            Type <span className="font-mono font-semibold">{word}</span> to confirm
          </label>
          <input
            id={inputId}
            value={typed}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={error ? noteId : undefined}
            onChange={(event) => setTyped(event.target.value)}
            className="h-10 w-full rounded-lg bg-white px-3 text-sm text-zinc-900 ring-1 ring-zinc-300 ring-inset"
          />
          {error && (
            <p id={noteId} role="alert" className="text-xs font-medium text-red-600">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!confirmed} working={remove.isPending}>
            Delete source
          </Button>
        </div>
      </form>
    </FormDialog>
  );
}

/** The source page's last section: deleting the source, after typing its subdomain. */
export function DeleteSourceSection({ source }: { source: Source }) {
  const [open, setOpen] = useState(false);
  return (
    <CollapsibleSection title="Delete source" defaultExpanded={false}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-zinc-600">
          Deletes the source with its assets
          {source.production.type === 'darkroom_storage' ? ', files' : ''} and cached renders. Its
          subdomain stays reserved for your account for {GRACE_DAYS} days.
        </p>
        <Button
          type="button"
          variant="danger"
          className="shrink-0"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete source
        </Button>
      </div>
      {open && <DeleteSourceDialog source={source} onClose={() => setOpen(false)} />}
    </CollapsibleSection>
  );
}
