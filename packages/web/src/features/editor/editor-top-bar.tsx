import { ArrowLeft, Code, Copy, Download, RotateCcw } from 'lucide-react';
import { Button, PopoverMenu } from '../../ui/index.ts';

export interface EditorTopBarProps {
  exportDisabled: boolean;
  onExit: () => void;
  onReset: () => void;
  onDownload: () => void;
  onCopyUrl: () => void;
  onCopyEmbed: () => void;
}

/** Back arrow, title, RESET and the export menu (spec editor section 2). */
export function EditorTopBar({
  exportDisabled,
  onExit,
  onReset,
  onDownload,
  onCopyUrl,
  onCopyEmbed,
}: EditorTopBarProps) {
  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-zinc-800 bg-zinc-950 px-2 text-white sm:gap-3 sm:px-4">
      <Button
        type="button"
        variant="ghost"
        surface="dark"
        aria-label="Exit the editor"
        onClick={onExit}
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
      </Button>
      <h1 className="min-w-0 flex-1 truncate text-base font-semibold">Image Editing</h1>
      <Button type="button" variant="secondary" surface="dark" size="small" onClick={onReset}>
        <RotateCcw aria-hidden="true" className="size-4" />
        RESET
      </Button>
      <div className="rounded-lg bg-white">
        <PopoverMenu
          label="Export"
          items={[
            { label: 'Download', icon: Download, disabled: exportDisabled, onSelect: onDownload },
            { label: 'Copy URL', icon: Copy, disabled: exportDisabled, onSelect: onCopyUrl },
            { label: 'Copy embed', icon: Code, disabled: exportDisabled, onSelect: onCopyEmbed },
          ]}
        />
      </div>
    </header>
  );
}
