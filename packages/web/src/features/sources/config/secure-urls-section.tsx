import { Copy, Eye, RefreshCw } from 'lucide-react';
import { useId, useState } from 'react';
import { useSecureUrlsIncluded } from '../../../api/account-plan.ts';
import {
  getSecureUrlToken,
  useRegenerateSecureUrlTokenMutation,
  type Source,
} from '../../../api/sources.ts';
import { Button, CollapsibleSection, Switch, toast, useOverlay } from '../../../ui/index.ts';
import { errorMessageOf } from '../../forms/server-errors.utils.ts';
import { UpgradeCard, useSaveSource } from './config-controls.tsx';

/** Secure URLs: the switch, the signing token (shown on request, copied, regenerated). */
export function SecureUrlsSection({ source, readOnly }: { source: Source; readOnly: boolean }) {
  const [token, setToken] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const overlay = useOverlay();
  const regenerate = useRegenerateSecureUrlTokenMutation(source.id);
  const { save, saving } = useSaveSource(source.id);
  // Web proxies always sign their URLs: anyone could otherwise proxy any address through them.
  const alwaysOn = source.production.type === 'webproxy';
  // The plan gate the upgrade card announces, as the server enforces it: turning them on needs a
  // paid plan; turning them off never does.
  const included = useSecureUrlsIncluded();
  const gated = included === false && !source.secure_url_enabled;
  const gateNoteId = useId();

  const reveal = async () => {
    setRevealing(true);
    try {
      setToken(await getSecureUrlToken(source.id));
    } catch (error) {
      toast.error('Could not show the token', { description: errorMessageOf(error) });
    } finally {
      setRevealing(false);
    }
  };

  const copy = async () => {
    if (!token) return;
    try {
      await navigator.clipboard.writeText(token);
      toast.success('Token copied');
    } catch {
      toast.error('Could not copy the token', { description: 'Select it and copy it by hand.' });
    }
  };

  const confirmRegenerate = async () => {
    const confirmed = await overlay.confirm({
      title: 'Regenerate the secure URL token?',
      message:
        'URLs signed with the current token stop working at once. Update every place that signs URLs.',
      confirmLabel: 'Regenerate',
      style: 'attention',
    });
    if (!confirmed) return;
    try {
      setToken(await regenerate.mutateAsync());
      toast.success('Token regenerated');
    } catch (error) {
      toast.error('Could not regenerate the token', { description: errorMessageOf(error) });
    }
  };

  return (
    <CollapsibleSection title="Secure URLs">
      <div className="space-y-4">
        {!readOnly && <UpgradeCard feature="secure URLs" sourceId={source.id} />}
        <Switch
          label={alwaysOn ? 'Secure URLs (always on for web proxies)' : 'Require signed URLs'}
          checked={alwaysOn || source.secure_url_enabled}
          disabled={readOnly || alwaysOn || saving || gated}
          aria-describedby={gated ? gateNoteId : undefined}
          onCheckedChange={(on) =>
            void save(
              { secure_url_enabled: on },
              on ? 'Secure URLs turned on' : 'Secure URLs turned off',
            )
          }
        />
        {gated && (
          <p id={gateNoteId} className="text-sm text-zinc-600">
            Your plan does not include secure URLs: a paid plan turns them on.
          </p>
        )}
        <div className="space-y-2">
          <p className="text-sm font-medium text-zinc-800">Signing token</p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              aria-label="Secure URL token"
              className="min-w-0 rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all text-zinc-800"
            >
              {token ?? source.secure_url_token ?? 'No token yet'}
            </code>
            {token === null ? (
              !readOnly && (
                <Button
                  type="button"
                  variant="secondary"
                  size="small"
                  working={revealing}
                  onClick={() => void reveal()}
                >
                  <Eye aria-hidden="true" className="size-4" />
                  Show token
                </Button>
              )
            ) : (
              <Button type="button" variant="secondary" size="small" onClick={() => void copy()}>
                <Copy aria-hidden="true" className="size-4" />
                Copy
              </Button>
            )}
            {!readOnly && (
              <Button
                type="button"
                variant="ghost"
                size="small"
                working={regenerate.isPending}
                onClick={() => void confirmRegenerate()}
              >
                <RefreshCw aria-hidden="true" className="size-4" />
                Regenerate
              </Button>
            )}
          </div>
        </div>
      </div>
    </CollapsibleSection>
  );
}
