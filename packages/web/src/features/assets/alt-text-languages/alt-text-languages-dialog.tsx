import { FloatingFocusManager, FloatingOverlay, FloatingPortal } from '@floating-ui/react';
import { useId } from 'react';
import { useAltTextLanguagesQuery } from '../../../api/alt-text-languages.ts';
import { Button, FormErrorBanner, Spinner } from '../../../ui/index.ts';
import { useModalFloating } from '../../../ui/overlay/use-modal-floating.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { AltTextLanguagesForm } from './alt-text-languages-form.tsx';

export interface AltTextLanguagesDialogProps {
  onClose: () => void;
}

/** The account's alt-text languages, as a dialog over the asset manager. */
export function AltTextLanguagesDialog({ onClose }: AltTextLanguagesDialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const saved = useAltTextLanguagesQuery();
  const { context, setFloating, getFloatingProps } = useModalFloating(onClose);

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
              Alt text languages
            </h2>
            <p id={descriptionId} className="mt-1 text-sm text-zinc-600">
              Darkroom writes each image&apos;s alt text in these languages. English sentences are
              composed for each image; the other languages fill one fixed sentence pattern with
              translated words.
            </p>
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
                  <Button
                    type="button"
                    working={saved.isFetching}
                    onClick={() => void saved.refetch()}
                  >
                    Try again
                  </Button>
                </div>
              </div>
            ) : (
              <AltTextLanguagesForm savedTags={saved.data} onDone={onClose} />
            )}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
