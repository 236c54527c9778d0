import { Check, Copy, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import type { CreatedApiKey } from '../../api/api-keys.ts';
import { Button } from '../../ui/index.ts';
import { copyToClipboard } from '../assets/copy-to-clipboard.ts';

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * The new key, shown this once: the server keeps only its hash, so nobody can show it again.
 * The dialog focuses the key first, which selects it, so it can be copied by hand too when the
 * clipboard is refused.
 */
export function CreatedKeyPanel({
  created,
  onDone,
}: {
  created: CreatedApiKey;
  onDone: () => void;
}) {
  const keyId = useId();
  const warningId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');

  const copyKey = async () => {
    setCopy((await copyToClipboard(created.key, 'API key copied')) ? 'copied' : 'failed');
  };

  return (
    <div className="mt-6 space-y-5">
      <div
        id={warningId}
        className="flex items-start gap-2 rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900 ring-1 ring-yellow-200 ring-inset"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-yellow-700" />
        <p>
          <strong className="font-semibold">Copy this key now.</strong> It will not be shown again:
          Darkroom keeps only a fingerprint of it. If you lose it, revoke it and create another.
        </p>
      </div>

      <div className="flex flex-col gap-1">
        <label htmlFor={keyId} className="text-sm font-medium text-zinc-800">
          API key “{created.name}”
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          {/* Wrapped whole, so it can be checked by eye; focusing it selects it all. */}
          <textarea
            id={keyId}
            readOnly
            rows={2}
            value={created.key}
            spellCheck={false}
            autoComplete="off"
            aria-describedby={warningId}
            onFocus={(event) => event.currentTarget.select()}
            className="min-w-0 flex-1 resize-none rounded-lg bg-zinc-50 px-3 py-2 font-mono text-sm leading-5 break-all text-zinc-900 ring-1 ring-zinc-300 ring-inset"
          />
          <Button
            type="button"
            variant="secondary"
            onClick={() => void copyKey()}
            className="shrink-0"
          >
            {copy === 'copied' ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copy === 'copied' ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <p role="status" className="text-xs text-zinc-600">
          {copy === 'failed' &&
            'The browser did not allow copying. Select the key and copy it yourself.'}
        </p>
      </div>

      <div className="text-sm text-zinc-600">
        <p>Send it with each request to the API:</p>
        <pre className="mt-1 overflow-x-auto rounded-lg bg-zinc-900 px-3 py-2 font-mono text-xs text-zinc-100">
          Authorization: Bearer {'<key>'}
        </pre>
      </div>

      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" color="orange" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
