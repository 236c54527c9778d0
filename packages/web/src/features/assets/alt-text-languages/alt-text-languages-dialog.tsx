import { useAltTextLanguagesQuery } from '../../../api/alt-text-languages.ts';
import { Button, FormErrorBanner, Spinner } from '../../../ui/index.ts';
import { FormDialog } from '../../../ui/overlay/form-dialog.tsx';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { AltTextLanguagesForm } from './alt-text-languages-form.tsx';

export interface AltTextLanguagesDialogProps {
  onClose: () => void;
}

/** The account's alt-text languages, as a dialog over the asset manager. */
export function AltTextLanguagesDialog({ onClose }: AltTextLanguagesDialogProps) {
  const saved = useAltTextLanguagesQuery();

  return (
    <FormDialog
      title="Alt text languages"
      description={
        <>
          Darkroom writes each image&apos;s alt text in these languages. English sentences are
          composed for each image; the other languages fill one fixed sentence pattern with
          translated words.
        </>
      }
      onClose={onClose}
    >
      {saved.isPending ? (
        <p role="status" className="mt-6 flex items-center gap-2 text-sm text-zinc-600">
          <Spinner className="size-4" />
          Loading languages…
        </p>
      ) : saved.isError ? (
        <div className="mt-6 space-y-4">
          <FormErrorBanner
            title="Could not load the languages"
            message={errorMessageOf(saved.error)}
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button type="button" working={saved.isFetching} onClick={() => void saved.refetch()}>
              Try again
            </Button>
          </div>
        </div>
      ) : (
        <AltTextLanguagesForm savedTags={saved.data} onDone={onClose} />
      )}
    </FormDialog>
  );
}
