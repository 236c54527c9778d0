import { Button } from '../button/button.tsx';
import { useOverlay } from '../overlay/use-overlay.ts';
import type { ModalStyle } from '../overlay/overlay-context.ts';
import { toast } from '../toast/toast.ts';
import { EditorToaster } from '../toast/toaster.tsx';
import { GallerySection } from './gallery-section.tsx';

const SPINNER_DEMO_MS = 1500;
const PROMISE_DEMO_MS = 1200;

function settleLater(succeed: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    setTimeout(
      () => (succeed ? resolve('cat.jpg') : reject(new Error('the disk is full'))),
      PROMISE_DEMO_MS,
    );
  });
}

export function ToastDemos() {
  return (
    <GallerySection
      title="Toasts"
      note="Bottom-right, 4 s, two visible, Alt+T focuses them. Editor toasts sit bottom-centre for 3 s (danger 5 s)."
    >
      {/* The app shell mounts the app toaster; the editor's lives with the editor. */}
      <EditorToaster />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={() => toast.success('Changes saved')}>
          Success
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => toast.info('A new version is out')}
        >
          Info
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => toast.warning('You have used 90% of your credits')}
        >
          Warning
        </Button>
        <Button type="button" variant="secondary" onClick={() => toast.error('Could not save')}>
          Error
        </Button>
        <Button type="button" variant="secondary" onClick={() => toast.loading('Uploading…')}>
          Loading
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            toast.promise(settleLater(true), {
              loading: 'Uploading…',
              success: (name) => `Uploaded ${name}`,
              error: 'Upload failed',
            });
          }}
        >
          Promise that succeeds
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            const upload = settleLater(false);
            toast.promise(upload, {
              loading: 'Uploading…',
              success: 'Uploaded',
              error: (error) => `Upload failed: ${(error as Error).message}`,
            });
            upload.catch(() => undefined);
          }}
        >
          Promise that fails
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={() => toast.info('Crop applied', { editor: true })}
        >
          Editor toast
        </Button>
        <Button
          type="button"
          variant="danger"
          onClick={() => toast.danger('Please restore objects before changing modes')}
        >
          Editor danger
        </Button>
        <Button type="button" variant="ghost" onClick={() => toast.dismiss()}>
          Dismiss all
        </Button>
      </div>
    </GallerySection>
  );
}

const questions: Record<ModalStyle, { title: string; message: string; confirmLabel: string }> = {
  dark: {
    title: 'Leave the editor?',
    message: 'Your edits stay in the URL, so you can come back to them.',
    confirmLabel: 'Leave',
  },
  attention: {
    title: 'Delete this source?',
    message: 'Its images stop being served at once. This cannot be undone.',
    confirmLabel: 'Delete source',
  },
  confirmation: {
    title: 'Publish these settings?',
    message: 'Every image from this source will use them.',
    confirmLabel: 'Publish',
  },
};

export function OverlayDemos() {
  const overlay = useOverlay();
  const ask = async (style: ModalStyle) => {
    const confirmed = await overlay.confirm({ ...questions[style], style });
    toast.info(confirmed ? `Confirmed (${style})` : `Dismissed (${style})`);
  };
  return (
    <GallerySection
      title="Global overlay"
      note="A spinner with its reason, or a modal in three styles; in 200 ms, out 150 ms."
    >
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="secondary"
          onClick={() => {
            overlay.showSpinner('Saving your changes…');
            setTimeout(() => overlay.hideSpinner(), SPINNER_DEMO_MS);
          }}
        >
          Spinner
        </Button>
        <Button type="button" variant="secondary" onClick={() => void ask('dark')}>
          Dark modal
        </Button>
        <Button type="button" variant="secondary" onClick={() => void ask('attention')}>
          Attention modal
        </Button>
        <Button type="button" variant="secondary" onClick={() => void ask('confirmation')}>
          Confirmation modal
        </Button>
      </div>
    </GallerySection>
  );
}
