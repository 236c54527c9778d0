import { ExternalLink } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { EditorParams } from '../editor/editor-types.ts';
import { sameParams } from '../editor/params.utils.ts';
import { parameterInfo } from './parameter-catalogue.utils.ts';
import { ParameterCombobox } from './parameter-combobox.tsx';
import { parsePlaygroundUrl, playgroundText, withParameterAdded } from './playground-url.utils.ts';

export interface PlaygroundUrlFieldProps {
  /** The asset's delivery URL, without a query. */
  assetUrl: string;
  params: EditorParams;
  onParamsChange: (params: EditorParams) => void;
  /** Names the delivery said it ignored (X-Darkroom-Ignored-Params). */
  ignoredParams?: readonly string[];
}

interface Draft {
  text: string;
  /** The parameters the text was typed over: another change of them replaces the text. */
  basis: EditorParams;
}

/**
 * The rendering URL as editable text, kept in step with the parameters both ways: what is typed
 * becomes the parameters, and a change made elsewhere (the editor's controls) rewrites the text.
 * Below it, each parameter with its documented range and its page in imgix's documentation.
 */
export function PlaygroundUrlField({
  assetUrl,
  params,
  onParamsChange,
  ignoredParams = [],
}: PlaygroundUrlFieldProps) {
  const fieldId = useId();
  const errorId = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const text =
    draft !== null && sameParams(draft.basis, params)
      ? draft.text
      : playgroundText(assetUrl, params);
  const parsed = parsePlaygroundUrl(text, assetUrl);

  const type = (next: string) => {
    const reading = parsePlaygroundUrl(next, assetUrl);
    if (reading.ok) {
      setDraft({ text: next, basis: reading.params });
      if (!sameParams(reading.params, params)) onParamsChange(reading.params);
    } else {
      setDraft({ text: next, basis: params });
    }
  };

  const shownParams = parsed.ok ? Object.entries(parsed.params) : [];
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-xs font-medium text-zinc-600">
          Rendering URL
        </label>
        <textarea
          ref={textRef}
          id={fieldId}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          value={text}
          aria-invalid={!parsed.ok}
          aria-describedby={parsed.ok ? undefined : errorId}
          onChange={(event) => type(event.target.value)}
          className="min-h-20 w-full resize-y rounded-lg bg-white px-3 py-2 font-mono text-xs break-all text-zinc-900 ring-1 ring-zinc-300 ring-inset focus-visible:outline-2 focus-visible:outline-brand-600"
        />
        {!parsed.ok && (
          <p id={errorId} role="alert" className="text-xs text-red-700">
            {parsed.message}
          </p>
        )}
      </div>
      <ParameterCombobox
        onPick={(parameter) => {
          const next = withParameterAdded(text, parameter.name);
          setDraft({ text: next, basis: params });
          // The value is typed next, at the end of the URL.
          requestAnimationFrame(() => {
            const field = textRef.current;
            if (!field) return;
            field.focus();
            field.setSelectionRange(field.value.length, field.value.length);
          });
        }}
      />
      {shownParams.length > 0 && (
        <ul aria-label="Parameters in this URL" className="flex flex-col gap-2">
          {shownParams.map(([name, value]) => {
            const info = parameterInfo(name);
            const ignored = info === undefined || ignoredParams.includes(name);
            return (
              <li
                key={name}
                className="rounded-lg bg-zinc-50 px-3 py-2 text-xs ring-1 ring-zinc-200"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-mono break-all text-zinc-900">
                    {name}={value}
                  </span>
                  {info && (
                    <a
                      href={info.docsUrl}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={`Documentation of ${info.name} (opens in a new tab)`}
                      className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                    >
                      Docs
                      <ExternalLink aria-hidden="true" className="size-3" />
                    </a>
                  )}
                </div>
                {info && (
                  <p className="mt-1 text-zinc-600">
                    {info.displayName}: {info.range}
                  </p>
                )}
                {ignored && (
                  <p className="mt-1 text-amber-800">
                    Not a rendering parameter: the delivery ignores it.
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
