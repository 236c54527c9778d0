import {
  Archive,
  Check,
  Cloud,
  CloudCog,
  CloudUpload,
  Droplet,
  FolderOpen,
  Globe,
  HardDrive,
  Server,
  Waves,
} from 'lucide-react';
import { clsx } from 'clsx';
import { PROVIDER_CARDS } from '@darkroom/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEMO_SOURCE_ID } from '../../../api/sources.ts';
import { redirectTo } from '../../../app/redirect.ts';
import { Button, CardRadioGroup, useOverlay, type CardRadioOption } from '../../../ui/index.ts';
import { sourceAssetsPath } from '../../assets/asset.utils.ts';
import { WizardFirstStepIntro } from '../../experiments/wizard-first-step-intro.tsx';
import { OfflineMediaDialog } from './help-dialogs.tsx';
import { MANAGED_STORAGE_ID, type CardId, type ProviderCardId } from './wizard.utils.ts';

const ICONS: Record<ProviderCardId, CardRadioOption['icon']> = {
  s3: Archive,
  r2: Cloud,
  digitalocean: Droplet,
  gcs: CloudCog,
  linode: Server,
  azure: HardDrive,
  wasabi: Waves,
  webfolder: FolderOpen,
  webproxy: Globe,
};

const WEB_FOLDER_TOOLTIP =
  'Not using any of these storage providers? Connect the folder where your website already keeps its images.';

const OPTIONS: CardRadioOption[] = PROVIDER_CARDS.map((card) => ({
  value: card.id,
  label: card.label,
  icon: ICONS[card.id],
  link: { href: card.docsUrl, text: 'Docs', label: `${card.label} docs` },
  ...(card.id === 'webfolder' ? { tooltip: WEB_FOLDER_TOOLTIP } : {}),
}));

const helpLinkClass = 'text-left text-sm font-medium text-brand-700 hover:underline';

/**
 * The managed storage option (spec section 1), kept apart from the nine provider cards so their
 * order and count stay as the spec gives them: a secondary choice for customers without storage.
 */
function ManagedStorageChoice({ chosen, onChoose }: { chosen: boolean; onChoose: () => void }) {
  return (
    <div
      className={clsx(
        'flex flex-col gap-3 rounded-lg p-4 ring-inset sm:flex-row sm:items-center sm:justify-between',
        chosen ? 'bg-brand-50 ring-2 ring-brand-500' : 'bg-zinc-50 ring-1 ring-zinc-200',
      )}
    >
      <div className="flex gap-3">
        <CloudUpload aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-zinc-600" />
        <div className="text-sm">
          <p className="font-medium text-zinc-900">No storage yet? Keep files on Darkroom</p>
          <p className="text-zinc-600">
            Upload your images from the dashboard; Darkroom stores and serves them.
          </p>
        </div>
      </div>
      <Button
        type="button"
        variant={chosen ? 'primary' : 'secondary'}
        color="orange"
        aria-pressed={chosen}
        onClick={onChoose}
        className="shrink-0"
      >
        {chosen && <Check aria-hidden="true" className="size-4" />}
        Use Darkroom Storage
      </Button>
    </div>
  );
}

/** Step 1: 'How do you store your media?' */
export function StorageTypeStep({
  cardId,
  webproxyAccess,
  hasSources,
  onChoose,
  onContinue,
}: {
  cardId: CardId | null;
  webproxyAccess: boolean;
  /** Undefined until known: the demo button waits rather than flashing. */
  hasSources: boolean | undefined;
  onChoose: (cardId: CardId) => void;
  onContinue: () => void;
}) {
  const overlay = useOverlay();
  const [offlineOpen, setOfflineOpen] = useState(false);

  const askNoAccess = async () => {
    const goToUsers = await overlay.confirm({
      title: "What if my media is online, but I don't have access to the storage?",
      message:
        'Add a teammate who has access to the bucket: they can sign in and connect it for you.',
      confirmLabel: 'Users Page',
      dismissLabel: 'Back',
    });
    if (goToUsers) redirectTo('/users/new');
  };

  return (
    <section aria-labelledby="storage-type-heading" className="space-y-6">
      <WizardFirstStepIntro headingId="storage-type-heading" />

      <CardRadioGroup
        label="Storage type"
        options={OPTIONS}
        value={cardId}
        onChange={(value) => onChoose(value as CardId)}
        webproxyAccess={webproxyAccess}
      />

      <ManagedStorageChoice
        chosen={cardId === MANAGED_STORAGE_ID}
        onChoose={() => onChoose(MANAGED_STORAGE_ID)}
      />

      <div className="flex flex-col gap-2">
        <button type="button" className={helpLinkClass} onClick={() => setOfflineOpen(true)}>
          What if my media isn't online?
        </button>
        <button type="button" className={helpLinkClass} onClick={() => void askNoAccess()}>
          What if my media is online, but I don't have access to the storage?
        </button>
      </div>

      <div className="flex flex-col-reverse gap-3 border-t border-zinc-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        {hasSources === false ? (
          <Link
            to={sourceAssetsPath(DEMO_SOURCE_ID)}
            className="inline-flex h-10 items-center justify-center rounded-lg border border-zinc-300 bg-white px-4 text-sm font-medium text-zinc-900 hover:bg-zinc-50"
          >
            Explore My Demo Source
          </Link>
        ) : (
          <span />
        )}
        <Button type="button" color="orange" disabled={cardId === null} onClick={onContinue}>
          Continue
        </Button>
      </div>

      {offlineOpen && (
        <OfflineMediaDialog
          onClose={() => setOfflineOpen(false)}
          onChooseWebFolder={() => {
            setOfflineOpen(false);
            onChoose('webfolder');
          }}
        />
      )}
    </section>
  );
}
