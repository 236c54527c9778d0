import { Languages } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../ui/index.ts';
import { AltTextLanguagesDialog } from './alt-text-languages-dialog.tsx';

/** Opens the alt-text languages dialog; the dialog loads the saved list only when opened. */
export function AltTextLanguagesButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <Languages aria-hidden="true" className="size-4" />
        Alt text languages
      </Button>
      {open && <AltTextLanguagesDialog onClose={() => setOpen(false)} />}
    </>
  );
}
