import { CloudOff } from 'lucide-react';
import { PROVIDER_CARDS } from '@darkroom/core';
import { Button } from '../../../ui/index.ts';
import { SourcesDialog } from '../sources-dialog.tsx';

/** 'What if my media isn't online?': where to put it, or serve it from a web folder. */
export function OfflineMediaDialog({
  onClose,
  onChooseWebFolder,
}: {
  onClose: () => void;
  onChooseWebFolder: () => void;
}) {
  const storage = PROVIDER_CARDS.filter(
    (card) => card.id !== 'webfolder' && card.id !== 'webproxy',
  );
  return (
    <SourcesDialog
      title="What if my media isn't online?"
      onClose={onClose}
      icon={
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-600">
          <CloudOff aria-hidden="true" className="size-5" />
        </span>
      }
      actions={
        <>
          <Button type="button" variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="button" color="orange" onClick={onChooseWebFolder}>
            Use a web folder
          </Button>
        </>
      }
    >
      <p>
        Darkroom serves media from where it is stored online. Upload your files to one of these
        storage providers first; each guide explains how:
      </p>
      <ul className="mt-3 grid grid-cols-1 gap-1 sm:grid-cols-2">
        {storage.map((card) => (
          <li key={card.id}>
            <a
              href={card.docsUrl}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-700 hover:underline"
            >
              {card.label} documentation
            </a>
          </li>
        ))}
      </ul>
      <p className="mt-3">
        Or, if your website already publishes the images, connect its asset folder as a Web Folder:
        no storage account needed.
      </p>
    </SourcesDialog>
  );
}
