import {
  Archive,
  Cloud,
  CloudCog,
  Droplet,
  FolderOpen,
  Globe,
  HardDrive,
  Server,
  Waves,
} from 'lucide-react';
import { PROVIDER_CARDS } from '@darkroom/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { DEMO_SOURCE_ID } from '../../../api/sources.ts';
import { redirectTo } from '../../../app/redirect.ts';
import { Button, CardRadioGroup, useOverlay, type CardRadioOption } from '../../../ui/index.ts';
import { OfflineMediaDialog } from './help-dialogs.tsx';
import type { CardId } from './wizard.utils.ts';

const ICONS: Record<CardId, CardRadioOption['icon']> = {
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
  ...(card.id === 'webfolder' ? { tooltip: WEB_FOLDER_TOOLTIP } : {}),
}));

const helpLinkClass = 'text-left text-sm font-medium text-brand-700 hover:underline';

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
  const shownCards = PROVIDER_CARDS.filter((card) => webproxyAccess || card.id !== 'webproxy');

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
      <div>
        <h2 id="storage-type-heading" className="text-xl font-semibold text-zinc-900">
          How do you store your media?
        </h2>
        <p className="mt-1 text-sm text-zinc-600">
          Choose where your images and videos are kept. Darkroom reads them from there.
        </p>
      </div>

      <CardRadioGroup
        label="Storage type"
        options={OPTIONS}
        value={cardId}
        onChange={(value) => onChoose(value as CardId)}
        webproxyAccess={webproxyAccess}
      />

      <div>
        <h3 className="text-xs font-medium tracking-wide text-zinc-500 uppercase">Documentation</h3>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {shownCards.map((card) => (
            <li key={card.id}>
              <a
                href={card.docsUrl}
                target="_blank"
                rel="noreferrer"
                className="text-zinc-600 underline-offset-2 hover:text-zinc-900 hover:underline"
              >
                {card.label} docs
              </a>
            </li>
          ))}
        </ul>
      </div>

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
            to={`/sources/${DEMO_SOURCE_ID}`}
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
