import { RotateCcw, Shuffle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import type { Rect, Size } from '@darkroom/core';
import { Button, Spinner, toast } from '../../../ui/index.ts';
import type { EditorParams, OriginProperties } from '../editor-types.ts';
import { trackObjectReplaced } from '../premium/premium-events.ts';
import {
  canApply,
  canRemoveObject,
  initialBox,
  initialObjectToolState,
  objectToolTransition,
  paramsWithObjects,
  randomSeed,
  replacePromptError,
  scaleBox,
  workingParams,
  type ObjectMode,
  type ObjectToolAction,
  type ObjectToolState,
} from './object-tool.utils.ts';
import { OBJECT_TOOL_RETRY_MS, STILL_PROCESSING_MESSAGE, usePolledRender } from './poll-render.ts';
import { SelectionCropper } from './selection-cropper.tsx';
import { PROMPT_MAX_LENGTH } from '../premium/modification-tools.utils.ts';
import { usePremiumAvailability } from '../premium/premium-availability.tsx';
import { objectReplacementState, unavailableMessage } from '../premium/premium-states.ts';

export interface ObjectToolProps {
  params: EditorParams;
  origin: OriginProperties;
  previewUrlFor: (params: EditorParams) => string;
  onApply: (next: EditorParams) => void;
  onExit: () => void;
}

const MODES: { mode: ObjectMode; label: string }[] = [
  { mode: 'remove', label: 'Remove' },
  { mode: 'replace', label: 'Replace' },
];

/** The object removal and replacement panel (editor spec section 2; its states, section 4). */
export function ObjectTool({ params, origin, previewUrlFor, onApply, onExit }: ObjectToolProps) {
  const promptId = useId();
  // Replacement is painted by the generative provider: offered only where it can run.
  const replacement = objectReplacementState(usePremiumAvailability());
  const replaceUnavailable = replacement.kind === 'unavailable';
  const [state, setState] = useState<ObjectToolState>(() => initialObjectToolState(params));
  /** The shown copy's natural width; null until the cropper is ready. */
  const [shownWidth, setShownWidth] = useState<number | null>(null);
  const workingUrl = previewUrlFor(workingParams(state, origin));
  const render = usePolledRender(workingUrl, OBJECT_TOOL_RETRY_MS, {
    onProcessing: () => toast.info(STILL_PROCESSING_MESSAGE, { editor: true }),
  });
  // The last image that rendered stays under the frame while the next one is processed.
  const [shownUrl, setShownUrl] = useState<string | null>(null);
  if (render.kind === 'ready' && render.url !== shownUrl) setShownUrl(render.url);
  const [imageFailed, setImageFailed] = useState(false);

  const cropperReady = shownWidth !== null;
  const toOriginal = shownWidth === null ? 1 : origin.originWidth / shownWidth;
  const busy = render.kind === 'loading' || render.kind === 'processing';

  const act = (action: ObjectToolAction) => {
    const result = objectToolTransition(state, action);
    if ('refused' in result) toast.danger(result.refused);
    else setState(result.state);
  };

  // The cropper reports boxes outside React's event flow: apply them to the latest state.
  const select = (box: Rect) =>
    setState((previous) => {
      const result = objectToolTransition(previous, { type: 'select', box });
      return 'state' in result ? result.state : previous;
    });

  const initialShownBox = useMemo(
    () => (natural: Size) => scaleBox(initialBox(origin), natural.width / origin.originWidth),
    [origin],
  );

  const applyAndExit = () => {
    if (state.mode === 'replace') trackObjectReplaced();
    onApply(paramsWithObjects(params, state));
  };

  const imageError =
    render.kind === 'failed'
      ? [render.message, render.reason].filter((part) => part !== null).join('. ')
      : imageFailed
        ? 'Image failed to load; try again or contact support.'
        : null;

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      <div className="relative flex min-h-[50dvh] flex-1 items-center justify-center bg-zinc-950 p-4">
        {shownUrl !== null && (
          <SelectionCropper
            src={shownUrl}
            alt="The image; drag to draw a box around an object"
            initialBox={initialShownBox}
            onReady={(natural) => setShownWidth(natural.width)}
            onSelect={(box: Rect) => select(scaleBox(box, toOriginal))}
            onError={() => setImageFailed(true)}
          />
        )}
        {busy && (
          <div
            role="status"
            className="absolute inset-x-0 top-4 mx-auto flex w-fit items-center gap-2 rounded-full bg-zinc-900/90 px-4 py-2 text-sm text-white"
          >
            <Spinner className="size-4" />
            {render.kind === 'processing' ? 'Processing the image…' : 'Loading the image…'}
          </div>
        )}
        {imageError !== null && (
          <p
            role="alert"
            className="absolute inset-x-4 top-1/2 -translate-y-1/2 rounded bg-zinc-900/90 p-3 text-center text-sm font-medium text-red-400"
          >
            {imageError}
          </p>
        )}
      </div>
      <aside
        aria-label="Object removal and replacement"
        className="flex w-full flex-col gap-5 border-l border-zinc-800 bg-zinc-900 p-4 text-zinc-100 lg:w-80"
      >
        <h2 className="text-base font-semibold">Object Removal & Replacement</h2>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium text-zinc-300">Mode</legend>
          <div className="grid grid-cols-2 gap-1 rounded-md bg-zinc-800 p-1">
            {MODES.map(({ mode, label }) => {
              const off = mode === 'replace' && replaceUnavailable && state.mode !== 'replace';
              return (
                <label
                  key={mode}
                  className="flex cursor-pointer items-center justify-center rounded px-3 py-1.5 text-sm has-checked:bg-zinc-100 has-checked:text-zinc-900 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-disabled:cursor-not-allowed has-disabled:text-zinc-500"
                >
                  <input
                    type="radio"
                    name={`${promptId}-mode`}
                    value={mode}
                    checked={state.mode === mode}
                    disabled={off}
                    aria-describedby={off ? `${promptId}-replace-note` : undefined}
                    onChange={() => act({ type: 'setMode', mode })}
                    className="sr-only"
                  />
                  {label}
                </label>
              );
            })}
          </div>
          {replacement.kind === 'unavailable' && (
            <p id={`${promptId}-replace-note`} className="text-xs text-amber-300">
              Replace: {unavailableMessage(replacement.reason)}
            </p>
          )}
        </fieldset>
        {state.mode === 'remove' ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-zinc-400">
              Draw a box around an object, then remove it. Repeat for more objects.
            </p>
            <Button
              type="button"
              surface="dark"
              color="orange"
              disabled={!cropperReady || !canRemoveObject(state) || busy}
              onClick={() => act({ type: 'removeObject' })}
            >
              Remove Object
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-2">
            <label htmlFor={`${promptId}-prompt`} className="text-sm font-medium text-zinc-300">
              Replace with
            </label>
            <textarea
              id={`${promptId}-prompt`}
              rows={3}
              maxLength={PROMPT_MAX_LENGTH}
              value={state.positivePrompt}
              disabled={busy}
              onChange={(event) => act({ type: 'setPrompt', prompt: event.target.value })}
              className="w-full rounded-md border border-zinc-700 bg-zinc-800 px-2 py-1.5 text-sm text-white focus:border-brand-500 focus:ring-2 focus:ring-brand-500/30 focus:outline-none"
            />
            <Button
              type="button"
              surface="dark"
              color="orange"
              disabled={
                !cropperReady ||
                state.currentSelection === null ||
                replacePromptError(state.positivePrompt) !== null ||
                busy
              }
              onClick={() => act({ type: 'replaceObject' })}
            >
              Replace Object
            </Button>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="small"
            variant="secondary"
            surface="dark"
            disabled={state.selections.length === 0 || busy}
            onClick={() => act({ type: 'rerun', seed: randomSeed() })}
          >
            <Shuffle aria-hidden="true" className="size-4" />
            Rerun
          </Button>
          <Button
            type="button"
            size="small"
            variant="secondary"
            surface="dark"
            disabled={state.selections.length === 0}
            onClick={() => act({ type: 'restore' })}
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Restore Objects
          </Button>
        </div>
        <p className="text-sm text-zinc-400" aria-live="polite">
          {state.selections.length === 0
            ? 'No objects selected yet.'
            : `${state.selections.length} ${state.selections.length === 1 ? 'object' : 'objects'} selected.`}
        </p>
        <div className="mt-auto flex flex-col gap-2">
          <Button
            type="button"
            surface="dark"
            disabled={!canApply(state) || render.kind !== 'ready'}
            onClick={applyAndExit}
          >
            Apply and Exit
          </Button>
          <Button type="button" variant="ghost" surface="dark" onClick={onExit}>
            Exit Without Applying
          </Button>
        </div>
      </aside>
    </div>
  );
}
