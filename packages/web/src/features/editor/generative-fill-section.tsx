import { Dices } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Badge, Button, NumberInput, Switch } from '../../ui/index.ts';
import type { EditorParams } from './editor-types.ts';
import { EditorSection } from './editor-section.tsx';
import { withParams } from './params.utils.ts';
import { usePremiumAvailability } from './premium/premium-availability.tsx';
import { premiumStateOf, unavailableMessage } from './premium/premium-states.ts';
import {
  FILL_DEBOUNCE_MS,
  FILL_SEED_MAX,
  FILL_SEED_MIN,
  PROMPT_MAX_LENGTH,
  promptError,
  randomFillSeed,
} from './prompt.utils.ts';

export interface GenerativeFillSectionProps {
  params: EditorParams;
  /** The outpainting capability: without it the section says what it is but stays off. */
  available: boolean;
  /** While the preview renders, prompt edits wait (spec editor section 5). */
  loading: boolean;
  onChange: (next: EditorParams) => void;
}

const GENERATIVE = 'gen';

function isGenerative(params: EditorParams): boolean {
  return params.fill === GENERATIVE || params.fill === 'generative';
}

/**
 * Generative fill (spec editor sections 4 and 5): a required prompt of at most 1024 characters
 * that must change to be sent, and a seed from 1 to 1500; changes are sent 250 ms after the
 * last edit.
 */
export function GenerativeFillSection({
  params,
  available,
  loading,
  onChange,
}: GenerativeFillSectionProps) {
  const promptId = useId();
  const errorId = useId();
  const on = isGenerative(params);
  const state = premiumStateOf('outpainting', available, usePremiumAvailability());
  const [prompt, setPrompt] = useState(params['fill-gen-prompt'] ?? '');
  const [touched, setTouched] = useState(false);
  const latest = useRef({ params, onChange });
  useEffect(() => {
    latest.current = { params, onChange };
  });

  const error = promptError(prompt, params['fill-gen-prompt']);
  useEffect(() => {
    if (!touched || error !== null) return;
    const timer = setTimeout(() => {
      const current = latest.current.params;
      latest.current.onChange(
        withParams(current, {
          fill: GENERATIVE,
          'fill-gen-prompt': prompt.trim(),
          'fill-gen-seed': current['fill-gen-seed'] ?? String(randomFillSeed()),
        }),
      );
      setTouched(false);
    }, FILL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [prompt, touched, error]);

  const seed = Number(params['fill-gen-seed'] ?? FILL_SEED_MIN);
  // 'Prompt must be changed' only matters once someone has typed.
  const shownError = touched ? error : null;

  return (
    <EditorSection
      title="Generative Fill"
      aside={
        <Badge color="purple" size="small">
          Premium
        </Badge>
      }
    >
      {state.kind === 'unavailable' ? (
        <p className="text-sm text-zinc-600">
          Generative fill paints the added space from a prompt.{' '}
          <span className="text-amber-800">{unavailableMessage(state.reason)}</span>
        </p>
      ) : state.kind === 'higher-plan' ? (
        <p className="text-sm text-zinc-600">
          Generative fill paints the added space from a prompt. It is a premium feature: open it
          from Modification Tools to see how to unlock it.
        </p>
      ) : (
        <>
          <Switch
            label="Fill with generated content"
            checked={on}
            disabled={loading}
            onCheckedChange={(checked) =>
              onChange(
                checked
                  ? withParams(params, { fill: GENERATIVE })
                  : withParams(params, {
                      fill: 'blur',
                      'fill-gen-prompt': null,
                      'fill-gen-seed': null,
                    }),
              )
            }
          />
          {on && (
            <>
              <div className="flex flex-col gap-1">
                <label htmlFor={promptId} className="text-xs font-medium text-zinc-600">
                  Prompt
                </label>
                <textarea
                  id={promptId}
                  rows={3}
                  maxLength={PROMPT_MAX_LENGTH + 1}
                  value={prompt}
                  disabled={loading}
                  aria-invalid={shownError !== null}
                  aria-describedby={shownError ? errorId : undefined}
                  onChange={(event) => {
                    setPrompt(event.target.value);
                    setTouched(true);
                  }}
                  className="rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-zinc-300 ring-inset focus-visible:outline-2 focus-visible:outline-brand-600 disabled:bg-zinc-50"
                />
                <div className="flex justify-between gap-2 text-xs">
                  <span id={errorId} className="text-red-700">
                    {shownError}
                  </span>
                  <span className="text-zinc-500 tabular-nums">
                    {prompt.length}/{PROMPT_MAX_LENGTH}
                  </span>
                </div>
              </div>
              <div className="flex items-end gap-2">
                <NumberInput
                  label="Seed"
                  className="flex-1"
                  value={seed}
                  range={[FILL_SEED_MIN, FILL_SEED_MAX]}
                  disabled={loading || params['fill-gen-prompt'] === undefined}
                  onChange={(value) =>
                    onChange(withParams(params, { 'fill-gen-seed': String(value) }))
                  }
                />
                <Button
                  type="button"
                  variant="secondary"
                  aria-label="New random seed"
                  disabled={loading || params['fill-gen-prompt'] === undefined}
                  onClick={() =>
                    onChange(withParams(params, { 'fill-gen-seed': String(randomFillSeed()) }))
                  }
                >
                  <Dices aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </>
          )}
        </>
      )}
    </EditorSection>
  );
}
